import { ActionIcon, Alert, Button, Card, Group, Radio, Select, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { cart, cartBody, useCart } from "../cart";
import { serverText as serverTextOf } from "../i18n";
import { formatMoney, quoteSummary } from "../money";
import { type Attempt, attemptFor } from "../placement";
import { Link, navigate } from "../router";
import type { Address, AddressBody, City, Order, PlaceBody, Quote } from "../types";
import { ErrorAlert, fieldError, Loading, useSignedIn } from "../ui";

function AddressForm({ onSaved }: { onSaved: (a: Address) => void }) {
  const { t } = useTranslation();
  const cities = useQuery({ queryKey: ["cities"], queryFn: () => api<{ data: { city_id: number; city_name: string }[] }>("/cities") });
  const [city, setCity] = useState<string | null>(null);
  const [landmark, setLandmark] = useState("");
  const [street, setStreet] = useState("");
  const save = useMutation({
    mutationFn: (body: AddressBody) => api<{ data: Address }>("/addresses", { method: "POST", body }),
    onSuccess: (r) => onSaved(r.data),
  });
  const data = (cities.data?.data ?? []).map((c: City) => ({ value: String(c.city_id), label: c.city_name }));
  return (
    <Stack gap="xs">
      <Select
        label={t("address.city")}
        data={data}
        value={city}
        onChange={setCity}
        searchable
        error={fieldError(save.error, "city_id")}
        withAsterisk
      />
      <TextInput
        label={t("address.landmark")}
        value={landmark}
        onChange={(e) => setLandmark(e.currentTarget.value)}
        error={fieldError(save.error, "landmark")}
        withAsterisk
      />
      <TextInput label={t("address.street")} value={street} onChange={(e) => setStreet(e.currentTarget.value)} />
      {save.error && !fieldError(save.error, "city_id") && !fieldError(save.error, "landmark") && <ErrorAlert error={save.error} />}
      <Button
        variant="light"
        loading={save.isPending}
        onClick={() => save.mutate({ city_id: city ? Number(city) : 0, landmark, street: street || null, is_default: true })}
      >
        {t("address.save")}
      </Button>
    </Stack>
  );
}

/** The cart: quoted by the server (prices, availability, totals), an address, and Place. */
export function CartScreen() {
  const { t, i18n } = useTranslation();
  const lines = useCart();
  const signedIn = useSignedIn();
  const qc = useQueryClient();
  const body = cartBody(lines);
  const quote = useQuery({
    queryKey: ["quote", body],
    queryFn: () => api<{ data: Quote }>("/cart/quote", { method: "POST", body: { lines: body } }),
    enabled: signedIn && lines.length > 0,
    staleTime: 0,
  });
  const addresses = useQuery({ queryKey: ["addresses"], queryFn: () => api<{ data: Address[] }>("/addresses"), enabled: signedIn });
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [note, setNote] = useState("");
  const attempt = useRef<Attempt | null>(null);
  const list = addresses.data?.data ?? [];
  const addressId = chosen ?? String(list.find((a) => a.is_default)?.address_id ?? list[0]?.address_id ?? "");
  const place = useMutation({
    mutationFn: (order: PlaceBody) => {
      // The same cart to the same address keeps its key: a retry answers the first order.
      attempt.current = attemptFor(attempt.current, order);
      return api<{ data: Order }>("/orders", { method: "POST", body: order, headers: { "Idempotency-Key": attempt.current.key } });
    },
    onSuccess: (r) => {
      attempt.current = null;
      cart.clear();
      void qc.invalidateQueries({ queryKey: ["orders"] });
      navigate(`/orders/${r.data.order_id}`);
    },
  });

  if (!lines.length)
    return (
      <Stack>
        <Title order={1} size="h3">
          {t("cart.title")}
        </Title>
        <Text c="gray.7">{t("cart.empty")}</Text>
        <Button component={Link} to="/" variant="light">
          {t("cart.browse")}
        </Button>
      </Stack>
    );

  const summary = quote.data ? quoteSummary(quote.data.data, i18n.language) : null;
  const iqd = (amount: string) => t("money.iqd", { amount });
  return (
    <Stack>
      <Title order={1} size="h3">
        {t("cart.title")}
      </Title>
      <Stack gap="xs">
        {lines.map((l) => {
          const q = summary?.lines.find((x) => x.key === `${l.item_id}:${l.unit_id}`);
          return (
            <Card key={`${l.item_id}:${l.unit_id}`} withBorder padding="sm" data-testid="cart-line">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{l.item_name}</Text>
                  {q && (
                    <Text size="sm" c="gray.7">
                      {q.unit} · {iqd(q.unitPrice)}
                    </Text>
                  )}
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="light" aria-label={t("cart.less")} onClick={() => cart.set(l.item_id, l.unit_id, l.quantity - 1)}>
                    −
                  </ActionIcon>
                  <Text w={32} ta="center" aria-label={t("cart.quantity")}>
                    {formatMoney(l.quantity, i18n.language)}
                  </Text>
                  <ActionIcon variant="light" aria-label={t("cart.more")} onClick={() => cart.set(l.item_id, l.unit_id, l.quantity + 1)}>
                    +
                  </ActionIcon>
                </Group>
              </Group>
              {q && (
                <Group justify="space-between" mt={4}>
                  <Text size="sm" c={q.available ? "teal.8" : "red.8"}>
                    {q.available ? t("cart.available") : q.message ? serverTextOf(q.message) : t("cart.unavailable")}
                  </Text>
                  <Text fw={600} data-testid="line-total">
                    {iqd(q.total)}
                  </Text>
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
      {!signedIn ? (
        <Card withBorder>
          <Text mb="sm">{t("cart.signInForPrices")}</Text>
          <Button component={Link} to="/sign-in?next=/cart">
            {t("app.signIn")}
          </Button>
        </Card>
      ) : (
        <>
          {quote.isPending && <Loading />}
          <ErrorAlert error={quote.error} />
          {summary && (
            <Table data-testid="cart-totals">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t("cart.gross")}</Table.Td>
                  <Table.Td ta="end">{iqd(summary.gross)}</Table.Td>
                </Table.Tr>
                {summary.discount && (
                  <Table.Tr>
                    <Table.Td>{t("cart.discount")}</Table.Td>
                    <Table.Td ta="end">{iqd(summary.discount)}</Table.Td>
                  </Table.Tr>
                )}
                <Table.Tr>
                  <Table.Td fw={700}>{t("cart.total")}</Table.Td>
                  <Table.Td ta="end" fw={700} data-testid="cart-total">
                    {iqd(summary.total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} size="h4">
            {t("address.title")}
          </Title>
          {addresses.isPending && <Loading />}
          {list.length > 0 && (
            <Radio.Group value={addressId} onChange={setChosen} aria-label={t("address.title")}>
              <Stack gap="xs">
                {list.map((a) => (
                  <Radio
                    key={a.address_id}
                    value={String(a.address_id)}
                    label={`${a.city_name} — ${a.landmark}${a.street ? ` · ${a.street}` : ""}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {adding || (addresses.isSuccess && list.length === 0) ? (
            <AddressForm
              onSaved={(a) => {
                setAdding(false);
                setChosen(String(a.address_id));
                void qc.invalidateQueries({ queryKey: ["addresses"] });
              }}
            />
          ) : (
            <Button variant="subtle" onClick={() => setAdding(true)}>
              {t("address.add")}
            </Button>
          )}
          <Textarea label={t("cart.note")} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} autosize />
          <ErrorAlert error={place.error} />
          {summary && !summary.orderable && <Alert color="yellow">{t("cart.notOrderable")}</Alert>}
          <Button
            size="md"
            loading={place.isPending}
            disabled={!summary?.orderable || !addressId}
            onClick={() => place.mutate({ lines: body, address_id: Number(addressId), note: note.trim() || null })}
          >
            {t("cart.place")}
          </Button>
        </>
      )}
    </Stack>
  );
}
