/** The part of SaxonJS 2 (no published types) the Factur-X validation uses. */
declare module 'saxon-js' {
  interface TransformOptions {
    /** The compiled stylesheet (SEF), parsed: SaxonJS prepares it at its first use and keeps that. */
    stylesheetInternal: object;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'document' | 'serialized';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'async'): Promise<{ principalResult: unknown }>;
    XPath: {
      evaluate(
        xpath: string,
        context: unknown,
        options?: { namespaceContext?: Record<string, string>; resultForm?: 'array' },
      ): unknown;
    };
  };
  export default SaxonJS;
}
