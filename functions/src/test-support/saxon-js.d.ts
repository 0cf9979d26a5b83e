/** The part of SaxonJS 2 (no published types) the Factur-X validation uses. */
declare module 'saxon-js' {
  interface TransformOptions {
    /** The compiled stylesheet (SEF), parsed: SaxonJS prepares it at its first use and keeps that. */
    stylesheetInternal: object;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'document' | 'serialized';
    /** Documents already parsed, by absolute URI: `doc()` and `document()` take them from here. */
    documentPool?: Record<string, unknown>;
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'async'): Promise<{ principalResult: unknown }>;
    /** An XML file, parsed into the document node a transform's `documentPool` takes. */
    getResource(options: { file: string; type: 'xml' }): Promise<unknown>;
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
