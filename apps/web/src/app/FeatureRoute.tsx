import { Suspense } from "react";
import type { Feature } from "./feature";
import { PageLoader } from "./LoadingScreen";
import { ForbiddenPage } from "./NotFoundPage";
import { usePageTitle } from "./PageTitle";
import { useCan } from "./session";

/** A registered screen behind its permission, titled with its menu label. */
export function FeatureRoute({ feature }: { feature: Feature }) {
  const allowed = useCan()(feature.permission);
  usePageTitle(`nav:items.${feature.key}`);
  if (!allowed) return <ForbiddenPage />;
  const Screen = feature.screen;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
