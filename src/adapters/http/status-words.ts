/** An HTTP error status as a moderator reads it in a poll's error: the number and what it usually means. */
export function statusWords(status: number): string {
  const meaning: Record<number, string> = {
    401: 'not signed in: check the credentials',
    403: 'forbidden: the thread is private, or the account may not read it',
    404: 'not found: check the thread address',
    429: 'too many requests: the site asks us to slow down',
    500: 'the site had an internal error',
    502: 'bad gateway: the site is down or restarting',
    503: 'service unavailable: the site is down or overloaded',
    504: 'gateway timeout: the site is too slow to answer',
  };
  const words = meaning[status] ?? (status >= 500 ? 'the site had an error' : null);
  return words ? `HTTP ${status} (${words})` : `HTTP ${status}`;
}
