/** decodeURIComponent that returns the input instead of throwing on malformed escapes. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Only same-origin paths may be used as redirect targets (DESIGN §9). */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}
