// Every Drizzle table of every module, for queries and for drizzle-kit.
export * from "../modules/tables.js";
