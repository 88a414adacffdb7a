import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Autocomplete, type Choice } from "../Autocomplete";
import { api } from "../api/client";
import { PARTY, type PartyKind, type PartyRow } from "../api/parties";
import type { DataBody } from "../api/types";
import { type SeededNames, useSeededNames } from "../seededNames";

/** A party as a choice: its name (the walk-in customer's in the user's language) and code. */
const partyChoice =
  (names: SeededNames) =>
  (p: PartyRow): Choice => {
    const name = names.party(p.consumer_name);
    return { value: p.consumer_id, label: p.code ? `${name} (${p.code})` : name };
  };

/** The party chooser every party screen shares: an autocomplete over the customers or suppliers list. */
export function PartyPicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: PartyKind;
  value: Choice | null;
  onChange: (c: Choice | null) => void;
  error?: string;
}) {
  const { t } = useTranslation("parties");
  const names = useSeededNames();
  return (
    <Autocomplete<PartyRow>
      endpoint={PARTY[kind].endpoint}
      label={t(`${PARTY[kind].ns}.one`)}
      placeholder={t(`${PARTY[kind].ns}.choose`)}
      toChoice={partyChoice(names)}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="party-picker"
    />
  );
}

/** The chosen party's name, for a page opened at /customers/{id}/transactions. */
export function usePartyChoice(kind: PartyKind, id: number | null) {
  const names = useSeededNames();
  const party = useQuery({
    queryKey: [PARTY[kind].endpoint, "show", id],
    queryFn: async () => (await api<DataBody<PartyRow>>(`${PARTY[kind].endpoint}/${id}`)).data,
    enabled: id !== null,
  });
  return { choice: party.data ? partyChoice(names)(party.data) : null, isPending: id !== null && party.isPending };
}
