/** A stored image's thumbnail in a list row; nothing when the row has no image. */
export function ListThumb({ file }: { file: string | null | undefined }) {
  if (!file) return null;
  return <img src={`/images/thumbs/${file}`} alt="" loading="lazy" className="list-thumb" />;
}
