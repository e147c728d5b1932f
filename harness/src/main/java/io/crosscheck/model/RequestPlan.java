package io.crosscheck.model;

/**
 * One request of a planned session: what a {@link SessionScript} returns and what a schedule's
 * session plan lists. Part of the workload model (not of {@code schedule}) so that a script, which
 * is model, names it without depending on the stage that schedules it. Immutable.
 *
 * @param seq 0-based position in the session
 * @param method HTTP method
 * @param path request target (path and query)
 * @param body request body, empty for none
 * @param thinkBeforeNanos how long the user thinks after the previous reply before sending this
 *     request (0 for burst members); for the first request of a session, how long after the
 *     session's start (0 for every workload but a script whose user thinks first, as TPC-W's
 *     emulated browser does before its Home page)
 * @param burstWithPrevious sent together with the previous request (an embedded page resource)
 */
public record RequestPlan(
    int seq, String method, String path, String body, long thinkBeforeNanos,
    boolean burstWithPrevious) {}
