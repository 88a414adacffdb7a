/**
 * THE price function lives in the contracts (`@app/contracts/price`), so the POS screen prices a
 * bill offline with the same code the server books it with; server modules import it from here.
 */
export * from "@app/contracts/price";
