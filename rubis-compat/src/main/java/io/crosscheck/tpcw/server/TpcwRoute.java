package io.crosscheck.tpcw.server;

import io.crosscheck.sites.SiteRoute;

/**
 * Where one request goes: the interaction, the session id of its {@code ;jsessionid=} path
 * parameter (null when none), its decoded parameters, the image name for {@link
 * TpcwInteraction#IMAGE}, and a rejection when the target itself is malformed (then answered 400
 * without running the interaction). Immutable.
 */
record TpcwRoute(TpcwInteraction interaction, String sessionId, TpcwParams params, String imageName,
    Rejection rejection) implements SiteRoute<TpcwInteraction> {}
