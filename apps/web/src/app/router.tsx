import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { FEATURES } from "../features";
import { LoginPage } from "../features/auth/LoginPage";
import { ErrorPage } from "./ErrorPage";
import { FeatureRoute } from "./FeatureRoute";
import { withAllTexts } from "./i18n";
import { PageLoader } from "./LoadingScreen";
import { NotFoundPage } from "./NotFoundPage";
import { Root } from "./Root";

/**
 * The signed-in frame (session loading, menus, header) is its own chunk, like every screen: the
 * login page downloads only what it shows.
 */
const later = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Component: LazyExoticComponent<ComponentType> = lazy(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
};

const featureRoute = (f: (typeof FEATURES)[number]): RouteObject => ({ path: f.path, element: <FeatureRoute feature={f} /> });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/login/:redirect?", element: <LoginPage /> },
      {
        path: "/user-logout",
        element: later(
          withAllTexts(() => import("../features/auth/LogoutPage")),
          "LogoutPage",
        ),
      },
      {
        // Signed in, every namespace of the language is wanted: the frame waits for them.
        element: later(
          withAllTexts(() => import("./RequireSession")),
          "RequireSession",
        ),
        children: [
          ...FEATURES.filter((f) => f.bare).map(featureRoute),
          {
            element: later(() => import("./layout/AppLayout"), "AppLayout"),
            children: [...FEATURES.filter((f) => !f.bare).map(featureRoute), { path: "*", element: <NotFoundPage /> }],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
