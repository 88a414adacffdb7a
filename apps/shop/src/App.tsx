import {
  ActionIcon,
  AppShell,
  Badge,
  DirectionProvider,
  Group,
  MantineProvider,
  Select,
  Text,
  UnstyledButton,
  useDirection,
} from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api, setToken } from "./api";
import { useCart } from "./cart";
import { dirOf, LANGUAGES } from "./i18n";
import { Link, navigate, useRoute } from "./router";
import { CartScreen } from "./screens/CartScreen";
import { CategoryScreen, HomeScreen, ItemScreen, SearchScreen } from "./screens/Catalogue";
import { OrderScreen, OrdersScreen } from "./screens/Orders";
import { SignInScreen } from "./screens/SignIn";
import { useSignedIn } from "./ui";

/** The style nonce the server wrote into this page, for the <style> tags Mantine adds. */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? "";
setNonce(styleNonce);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function Screen() {
  const { path, query } = useRoute();
  let m: RegExpExecArray | null;
  if (path === "/") return <HomeScreen />;
  if (path === "/search") return <SearchScreen q={query.get("q") ?? ""} />;
  if ((m = /^\/category\/(\d+)$/.exec(path))) return <CategoryScreen id={Number(m[1])} />;
  if ((m = /^\/item\/(\d+)$/.exec(path))) return <ItemScreen id={Number(m[1])} />;
  if (path === "/cart") return <CartScreen />;
  if (path === "/sign-in") return <SignInScreen next={query.get("next") ?? "/"} />;
  if (path === "/orders") return <OrdersScreen />;
  if ((m = /^\/orders\/(\d+)$/.exec(path))) return <OrderScreen id={Number(m[1])} />;
  return <HomeScreen />;
}

function Shell() {
  const { t, i18n } = useTranslation();
  const lines = useCart();
  const signedIn = useSignedIn();
  const { path } = useRoute();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(dirOf(i18n.language)), [i18n.language, setDirection]);
  const count = lines.length;
  const signOut = async () => {
    await api("/auth/logout", { method: "POST" }).catch(() => {});
    setToken(null);
    queryClient.clear();
    navigate("/");
  };
  const tab = (to: string, label: string, extra?: React.ReactNode) => (
    <UnstyledButton
      component={Link}
      to={to}
      aria-current={path === to ? "page" : undefined}
      style={{ flex: 1, textAlign: "center", padding: "10px 4px", fontWeight: path === to ? 700 : 500 }}
    >
      {label}
      {extra}
    </UnstyledButton>
  );
  return (
    <AppShell header={{ height: 56 }} footer={{ height: 52 }} padding="sm">
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Text component={Link} to="/" fw={700} size="lg" c="teal.8" style={{ textDecoration: "none" }}>
            {t("app.name")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={t("app.language")}
              data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
              value={i18n.language}
              onChange={(v) => v && void i18n.changeLanguage(v)}
              allowDeselect={false}
              w={110}
              size="xs"
            />
            {signedIn ? (
              <ActionIcon variant="subtle" w="auto" px={6} onClick={signOut} aria-label={t("app.signOut")}>
                <Text size="xs">{t("app.signOut")}</Text>
              </ActionIcon>
            ) : (
              <Text component={Link} to="/sign-in" size="sm" c="teal.8">
                {t("app.signIn")}
              </Text>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main maw={720} mx="auto">
        <Screen />
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" gap={0} wrap="nowrap" component="nav" aria-label={t("app.menu")}>
          {tab("/", t("nav.home"))}
          {tab("/search", t("nav.search"))}
          {tab(
            "/cart",
            t("nav.cart"),
            count > 0 ? (
              <Badge size="sm" circle ms={4} data-testid="cart-count">
                {count}
              </Badge>
            ) : null,
          )}
          {tab("/orders", t("nav.orders"))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const dir = dirOf(i18n.language);
  const title = i18n.t("app.name");
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <DirectionProvider initialDirection={dir} detectDirection>
      <MantineProvider
        getStyleNonce={() => styleNonce}
        theme={{
          primaryColor: "teal",
          fontFamily: 'system-ui, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, "DejaVu Sans", Arial, sans-serif',
        }}
      >
        <QueryClientProvider client={queryClient}>
          <Shell />
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
