export * from "./SessionKeeper";
export * from "./session.queries";
