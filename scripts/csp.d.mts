export declare const CSP_DIRECTIVES: readonly string[];
export declare const CSP_META: string;
export declare const CSP_HEADER: string;
/** The headers every response of the lab carries (the policy, nosniff, no referrer, a window of its own). */
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
