import { useEffect } from "react";
import { LoadingScreen } from "../../app/LoadingScreen";
import { api } from "../../shared/api/client";
import { session } from "../../shared/api/session";

/** /user-logout: tells the server, forgets the token and profile, then the app goes to /login. */
export function LogoutPage() {
  useEffect(() => {
    const finish = () => session.end("user");
    if (session.getToken()) api("auth/logout", { method: "POST" }).then(finish, finish);
    else finish();
  }, []);
  return <LoadingScreen />;
}
