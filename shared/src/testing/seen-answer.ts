/** A `safeParse` answer, from zod or from a hand parser (`query-parser.ts`). */
export interface ParseAnswer {
  success: boolean;
  data?: unknown;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** What a caller sees of an answer: the output, or each issue's path and message (tests comparing parsers). */
export const seenAnswer = (answer: ParseAnswer) =>
  answer.success
    ? { data: answer.data }
    : {
        issues: answer.error!.issues.map((issue) => ({
          path: issue.path.map(String),
          message: issue.message,
        })),
      };
