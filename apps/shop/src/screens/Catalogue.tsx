import { Badge, Button, Card, Chip, Group, Image, NumberInput, ScrollArea, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { cart } from "../cart";
import { formatMoney } from "../money";
import { Link, navigate } from "../router";
import type { Category, HomeSection, Page, ShopItem } from "../types";
import { ErrorAlert, Loading } from "../ui";

const imageUrl = (name: string) => `/images/thumbs/${encodeURIComponent(name)}`;

function Price({ value }: { value: string | number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return null;
  return (
    <Text fw={700} c="teal.9">
      {t("money.iqd", { amount: formatMoney(value, i18n.language) })}
    </Text>
  );
}

function Categories() {
  const { data } = useQuery({ queryKey: ["categories"], queryFn: () => api<{ data: Category[] }>("/categories") });
  const top = (data?.data ?? []).filter((c) => c.parent_id === null);
  if (!top.length) return null;
  return (
    <ScrollArea type="never">
      <Group gap="xs" wrap="nowrap" py={4}>
        {top.map((c) => (
          <Chip key={c.category_id} checked={false} onChange={() => navigate(`/category/${c.category_id}`)}>
            {c.category_name}
          </Chip>
        ))}
      </Group>
    </ScrollArea>
  );
}

function SearchBox({ initial = "" }: { initial?: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/search?q=${encodeURIComponent(q.trim())}`, initial !== "");
  };
  return (
    <search>
      <form onSubmit={submit}>
        <TextInput
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          type="search"
        />
      </form>
    </search>
  );
}

/** The home screen: the sections and sliders as the shop's settings arrange them. */
export function HomeScreen() {
  const { t } = useTranslation();
  const home = useQuery({ queryKey: ["home"], queryFn: () => api<{ data: HomeSection[] }>("/home") });
  return (
    <Stack gap="md">
      <SearchBox />
      <Categories />
      {home.isPending && <Loading />}
      <ErrorAlert error={home.error} />
      {home.data?.data.length === 0 && <Text c="gray.7">{t("home.empty")}</Text>}
      {home.data?.data.map((s) => (
        <section key={s.section_id} aria-label={s.title}>
          <Title order={2} size="h4" mb={4}>
            {s.title}
          </Title>
          {s.description && (
            <Text size="sm" c="gray.7" mb={4}>
              {s.description}
            </Text>
          )}
          {s.kind === "slider" ? (
            <ScrollArea type="auto" offsetScrollbars>
              <Group wrap="nowrap" gap="sm">
                {s.items.map((it) => (
                  <Card key={it.item_id} withBorder w={160} component={Link} to={`/item/${it.item_id}`} style={{ flex: "none" }}>
                    <Text fw={600} lineClamp={2}>
                      {it.item_name}
                    </Text>
                    <Price value={it.price} />
                  </Card>
                ))}
              </Group>
            </ScrollArea>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {s.items.map((it) => (
                <Card key={it.item_id} withBorder component={Link} to={`/item/${it.item_id}`}>
                  <Text fw={600} lineClamp={2}>
                    {it.item_name}
                  </Text>
                  <Price value={it.price} />
                </Card>
              ))}
            </SimpleGrid>
          )}
        </section>
      ))}
    </Stack>
  );
}

function ItemCard({ item }: { item: ShopItem }) {
  const { t } = useTranslation();
  const [added, setAdded] = useState(false);
  return (
    <Card withBorder data-testid="shop-item">
      {item.images[0] && <Image src={imageUrl(item.images[0])} alt="" h={100} fit="contain" />}
      <Text fw={600} component={Link} to={`/item/${item.item_id}`} lineClamp={2}>
        {item.item_name}
      </Text>
      <Text size="xs" c="gray.7">
        {item.unit_name}
      </Text>
      <Price value={item.price} />
      {item.in_stock ? (
        <Button
          size="xs"
          mt="xs"
          variant={added ? "light" : "filled"}
          onClick={() => {
            cart.add({ item_id: item.item_id, unit_id: item.unit_id, item_name: item.item_name });
            setAdded(true);
          }}
        >
          {added ? t("item.added") : t("item.add")}
        </Button>
      ) : (
        <Badge color="gray.8" mt="xs">
          {t("item.outOfStock")}
        </Badge>
      )}
    </Card>
  );
}

function ItemList({ params, empty }: { params: string; empty: string }) {
  const list = useQuery({ queryKey: ["items", params], queryFn: () => api<Page<ShopItem>>(`/items?${params}`) });
  if (list.isPending) return <Loading />;
  if (list.error) return <ErrorAlert error={list.error} />;
  if (!list.data.data.length) return <Text c="gray.7">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      {list.data.data.map((it) => (
        <ItemCard key={it.item_id} item={it} />
      ))}
    </SimpleGrid>
  );
}

export function SearchScreen({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h3">
        {t("search.title")}
      </Title>
      <SearchBox key={q} initial={q} />
      {q ? <ItemList params={new URLSearchParams({ search: q, per_page: "50" }).toString()} empty={t("search.none")} /> : <Categories />}
    </Stack>
  );
}

export function CategoryScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ["categories"], queryFn: () => api<{ data: Category[] }>("/categories") });
  const all = data?.data ?? [];
  const here = all.find((c) => c.category_id === id);
  const children = all.filter((c) => c.parent_id === id);
  return (
    <Stack>
      <Title order={1} size="h3">
        {here?.category_name ?? t("category.title")}
      </Title>
      {children.length > 0 && (
        <Group gap="xs">
          {children.map((c) => (
            <Chip key={c.category_id} checked={false} onChange={() => navigate(`/category/${c.category_id}`)}>
              {c.category_name}
            </Chip>
          ))}
        </Group>
      )}
      <ItemList params={`category_id=${id}&per_page=50`} empty={t("category.empty")} />
    </Stack>
  );
}

export function ItemScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const item = useQuery({ queryKey: ["item", id], queryFn: () => api<{ data: ShopItem }>(`/items/${id}`) });
  const [qty, setQty] = useState<number>(1);
  const [added, setAdded] = useState(false);
  if (item.isPending) return <Loading />;
  if (item.error) return <ErrorAlert error={item.error} />;
  const it = item.data.data;
  return (
    <Stack>
      {it.images[0] && <Image src={`/images/${encodeURIComponent(it.images[0])}`} alt="" mah={260} fit="contain" />}
      <Title order={1} size="h3">
        {it.item_name}
      </Title>
      {it.scientific_name && <Text c="gray.7">{it.scientific_name}</Text>}
      {it.description && <Text>{it.description}</Text>}
      <Group justify="space-between">
        <Price value={it.price} />
        <Text size="sm">{it.unit_name}</Text>
      </Group>
      {it.in_stock ? (
        <Group align="end">
          <NumberInput
            label={t("item.quantity")}
            value={qty}
            onChange={(v) => setQty(Math.max(1, Math.floor(Number(v) || 1)))}
            min={1}
            max={999}
            w={120}
          />
          <Button
            onClick={() => {
              cart.add({ item_id: it.item_id, unit_id: it.unit_id, item_name: it.item_name }, qty);
              setAdded(true);
            }}
          >
            {t("item.add")}
          </Button>
        </Group>
      ) : (
        <Badge color="gray.8">{t("item.outOfStock")}</Badge>
      )}
      {added && (
        <Group>
          <Text c="teal.8" role="status">
            {t("item.added")}
          </Text>
          <Button variant="light" component={Link} to="/cart">
            {t("item.toCart")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
