/** The body of every non-2xx answer (DESIGN.md, HTTP conventions; GitBook's `Error` schema). */
export interface ErrorBody {
  error: { code: number; message: string };
}

export const errorBody = (code: number, message: string): ErrorBody => ({ error: { code, message } });
