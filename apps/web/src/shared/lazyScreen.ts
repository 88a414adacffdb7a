import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A screen whose code loads on first render, or earlier through `preload`. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen (one chunk of the build) that a page load can start fetching before it
 * renders (app/boot.ts); both ways share one load, and a failed load is tried again next time.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let loading: Promise<Record<K, ComponentType>> | undefined;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] })),
    { preload },
  );
}
