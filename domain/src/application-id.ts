/**
 * The client id of SitePay's own web app, sent as `ApplicationId` on every call; the server seeds
 * an active application with it (docs/adr/0007-application-and-access-token-headers.md). A module of
 * its own, without zod, for the web's first bundle (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
export const WEB_APPLICATION_ID = 'sitepay-web';
