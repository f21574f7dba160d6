// Filled in by the mail service issue.
export {};
