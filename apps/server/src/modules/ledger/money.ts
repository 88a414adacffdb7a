/** The money helpers live in the contracts, so the POS screen prices with the very same code. */
export { convert, D, Dec, round3, round4, str, ZERO } from "@app/contracts/money";
