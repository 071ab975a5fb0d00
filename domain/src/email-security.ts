/** How a mail server is reached: plain, STARTTLS, or TLS from the first byte. */
export const emailSecurities = ['none', 'starttls', 'tls'] as const;
