export declare const CSP_DIRECTIVES: readonly string[];
export declare const CSP_META: string;
export declare const CSP_HEADER: string;
