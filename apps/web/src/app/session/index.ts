export * from "./SessionKeeper";
export * from "./session.queries";
export * from "./useCan";
