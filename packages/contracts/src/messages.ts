import { TOKEN_EXPIRED, TOKEN_INVALID } from "./token-texts.js";

/** The texts of SPEC §5 and §8, word for word. Server and web use these constants only. */
export const MSG = {
  added: "Added Successfully",
  updated: "Updated Successfully",
  deleted: "Deleted Successfully",
  idInvalid: "ID must be an integer and greater than 0",
  endDateAfterStart: "The end date must be greater than the start date",
  unauthorized: "Unauthorized",
  unauthorizedCredentials: "Unauthorized: invalid login credentials",
  forbidden: "This action is unauthorized.",
  notFound: "Not Found",
  wrongCredentials: "The email and password combination is incorrect",
  noCashiers: "No cashiers found for this outlet",
  mustHaveCashier: "you must have cashier permissions",
  passwordUsedBefore: "You Have Used This Password Before",
  passwordMismatch: "The specified password does not match the database password",
  passwordNotChanged: "password did not change",
  passwordTooCommon: "This password is one of the most common passwords. Choose another.",
  passwordTooWeak: "This password is too easy to guess. Use a longer phrase of unusual words.",
  twoFactorCodeNeeded: "Enter the code from your authenticator app.",
  twoFactorCodeInvalid: "The code is not valid or has already been used.",
  twoFactorAlreadyOn: "Two-factor sign-in is already on.",
  twoFactorNotStarted: "Start setting up two-factor sign-in first.",
  twoFactorOff: "Two-factor sign-in is not on.",
  twoFactorOn: "Two-factor sign-in is on.",
  twoFactorSetupRequired: "Your account must use two-factor sign-in. Set it up to continue.",
  twoFactorSetupOnly: "This sign-in can only be used to set up two-factor sign-in.",
  twoFactorRoleInvalid: "The selected role is invalid.",
  twoFactorRequired: "Two-factor sign-in is required for your account and cannot be turned off.",
  pinTooSimple: "The PIN may not be one digit repeated or a run of digits such as 1234.",
  amountTooLarge: "The amount is too large.",
  quantityTooLarge: "The quantity is too large.",
  noEnoughBalance: "No Enough Balance",
  noEnoughBalanceUsd: "No Enough Balance USD",
  noEnoughBalanceIqd: "No Enough Balance IQD",
  noEnoughCashBalance: "No Enough Cash Balance",
  protectedDocument: "Protected, Some of items Returned, Sold or Damaged.",
  /** Complete (or Done) asked of a document already complete: another click, or another user first. */
  alreadyDone: "The document is already done.",
  noPayableStatement: "Does not exists any payablestatement with the specified identificator",
  imageLinkUnavailable: "Sorry, the image link is not available",
  fileTypeNotAllowed: "File type is not allowed",
  fileTooLarge: "File size is more than 2M",
  excelRequired: "Excel file is required",
  mustHaveDefaultInventory: "You must have a default inventory",
  mustHaveDefaultAccount: "You must have a default account",
  passwordInvalid: "Password is invalid",
  pinWrong: "The PIN is incorrect.",
  accountBlocked: "This account is blocked. Ask an administrator to unblock it.",
  accountInactive: "This account is inactive. Ask an administrator to activate it.",
  enterPassword: "Please enter your password",
  cannotDeleteSection: "You cannot delete this section",
  sectionNotFound: "Oops, Section Not Found!",
  tokenExpired: TOKEN_EXPIRED,
  tokenInvalid: TOKEN_INVALID,
  tooManyAttempts: "Too many attempts, please try again later.",
  validationFailed: "The given data was invalid.",
  controlCharacters: "The text may not contain control characters.",
  alreadyTaken: "has already been taken",
  permissionRequired: "Permission is required",
  maxChars140: "Maximum allowed character is 140",
  paymentTimeRequired: "Payment Time is a required field",
  accountsMustDiffer: "From Account and To Account must be different",
  endPriceGreater: "End Price must be greater than Start Price",
  chooseFromList: "A customer or supplier must be chosen from the list",
  selectItemForTransactions: "Please select an item to view its transactions",
  fillRequiredAndSearch: "Please fill in required field and click on the search button to show data",
  noResults: "Sorry, No results found for your search criteria",
  nothingFound: "Nothing found",
  countriesEmpty: "Localized country list is empty or file cannot be found",
  archivedYear: "The financial year is archived and accepts no postings",
  noFinancialYear: "No financial year contains this date",
  foreignRateRequired: "A foreign currency needs its rate; 1 is not a rate of it",
  fetchListFailed: "An error occurred, fetching list data failed",
  fetchPermissionsFailed: "fetching permissions failed",
  atLeastOneUnit: "At least one unit is required",
  cannotDeleteUnit: "The default unit, the base unit and the last remaining unit cannot be deleted",
  loginTitle: "Log in to your account",
} as const;

/** "{Field} has already been taken" in Laravel's wording, with the field's words. */
export const takenMessage = (field: string) => `The ${field.replace(/_/g, " ")} ${MSG.alreadyTaken}.`;

/** Stock out refused: the item, the inventory and what it holds (in the item's base unit). */
export const notEnoughStockMessage = (item: string, inventory: string, onHand: string) =>
  `Not enough stock of ${item} in ${inventory}: ${onHand} on hand.`;
/** A sale may not take an expired batch (a return or a write-off may). */
export const expiredBatchMessage = (item: string, expireDate: string) => `${item} expired on ${expireDate} and cannot be sold.`;
/** Money refused at save: the cash account, and what it holds now in its currency ("50000 IQD"). */
export const notEnoughBalanceMessage = (account: string, available: string, currency: string) =>
  `No Enough Balance in ${account}: ${available} ${currency} available.`;
/** A back-office document may not move money through a cashier's drawer: the drawer is counted at its closing. */
export const DRAWER_ACCOUNT_REFUSED = "A cashier's drawer account is used only at the POS; choose a cash or bank account.";
