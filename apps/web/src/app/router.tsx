import { createBrowserRouter, type RouteObject } from "react-router";
import { FEATURES } from "../features";
import { LoginPage } from "../features/auth/LoginPage";
import { LogoutPage } from "../features/auth/LogoutPage";
import { ErrorPage } from "./ErrorPage";
import { FeatureRoute } from "./FeatureRoute";
import { AppLayout } from "./layout/AppLayout";
import { NotFoundPage } from "./NotFoundPage";
import { RequireSession } from "./RequireSession";
import { Root } from "./Root";

const featureRoute = (f: (typeof FEATURES)[number]): RouteObject => ({ path: f.path, element: <FeatureRoute feature={f} /> });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/login/:redirect?", element: <LoginPage /> },
      { path: "/user-logout", element: <LogoutPage /> },
      {
        element: <RequireSession />,
        children: [
          ...FEATURES.filter((f) => f.bare).map(featureRoute),
          {
            element: <AppLayout />,
            children: [...FEATURES.filter((f) => !f.bare).map(featureRoute), { path: "*", element: <NotFoundPage /> }],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
