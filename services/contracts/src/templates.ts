// Filled in by the templates service issue.
export {};
