/** The first admin, created at start by the server the e2e run launches (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "admin@serene.test";
export const ADMIN_PASSWORD = "correct-horse-battery";
