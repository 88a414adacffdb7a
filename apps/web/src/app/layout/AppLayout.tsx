import { AppShell } from "@mantine/core";
import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { OrderAlert } from "../../features/online-orders/OrderAlert";
import { ArchivedYearBanner } from "../../features/settings/ArchivedYearBanner";
import { api } from "../../shared/api/client";
import { DatesByLanguage } from "../DatesByLanguage";
import { sidebarQuery } from "../session";
import { HeaderBar } from "./HeaderBar";
import { NavigationSearch } from "./NavigationSearch";
import { Shortcuts } from "./Shortcuts";
import { SideMenu } from "./SideMenu";

/** The main layout: header, side menu (shown or hidden, remembered on the server) and the page. */
export function AppLayout() {
  const queryClient = useQueryClient();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [navOpened, nav] = useDisclosure(false);
  const sidebar = useQuery({ ...sidebarQuery, meta: { silent: true } });
  const sidebarShown = sidebar.data ?? true;
  const saveSidebar = useMutation({
    mutationFn: (show: boolean) => api("set_sidebar_setting", { method: "POST", body: { show_sidebar: show } }),
    meta: { silent: true },
  });
  const toggleSidebar = () => {
    queryClient.setQueryData(sidebarQuery.queryKey, !sidebarShown);
    saveSidebar.mutate(!sidebarShown);
  };
  // Physical key, so the shortcut works on Arabic and Kurdish keyboard layouts too.
  useHotkeys([["ctrl+comma", nav.open, { usePhysicalKeys: true }]]);

  // The date pickers' language comes with the back office's frame: the sign-in page and the till
  // have no calendar and do not download one.
  return (
    <DatesByLanguage>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 264, breakpoint: "sm", collapsed: { mobile: !mobileOpened, desktop: !sidebarShown } }}
        padding="lg"
      >
        <AppShell.Header>
          <HeaderBar
            mobileOpened={mobileOpened}
            onToggleMobile={mobile.toggle}
            sidebarShown={sidebarShown}
            onToggleSidebar={toggleSidebar}
            onOpenNavigation={nav.open}
          />
        </AppShell.Header>
        <AppShell.Navbar>
          <SideMenu onNavigate={mobile.close} />
        </AppShell.Navbar>
        <AppShell.Main className="app-main">
          <ArchivedYearBanner />
          <OrderAlert />
          <Outlet />
        </AppShell.Main>
        <NavigationSearch opened={navOpened} onClose={nav.close} />
        <Shortcuts />
      </AppShell>
    </DatesByLanguage>
  );
}
