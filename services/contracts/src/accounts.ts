// Filled in by the accounts service issue.
export {};
