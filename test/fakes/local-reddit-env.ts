/** The environment that points the Reddit adapter at a Reddit on 127.0.0.1 (`/oauth/…` and `/www/…` on one port). */
export function localRedditEnv(base: string, username = 'mod'): NodeJS.ProcessEnv {
  return {
    REDDIT_CLIENT_ID: 'id',
    REDDIT_CLIENT_SECRET: 'secret',
    REDDIT_USERNAME: username,
    REDDIT_PASSWORD: 'pw',
    MODDESK_REDDIT_API_BASE: `${base}/oauth`,
    MODDESK_REDDIT_AUTH_BASE: `${base}/www`,
    MODDESK_REDDIT_MIN_GAP_MS: '0',
    MODDESK_REDDIT_QPM: '0',
  };
}
