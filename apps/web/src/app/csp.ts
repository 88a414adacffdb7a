import { setNonce } from "get-nonce";

/**
 * The style nonce the server wrote into this page. Mantine's CSS variables and responsive styles
 * and the scroll lock of its dialogs (react-remove-scroll, through get-nonce) add <style> tags at
 * run time, so both are given it.
 */
export const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? "";

setNonce(styleNonce);

export const getStyleNonce = () => styleNonce;
