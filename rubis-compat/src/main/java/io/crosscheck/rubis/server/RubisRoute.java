package io.crosscheck.rubis.server;

import io.crosscheck.sites.SiteRoute;

/**
 * Where one request goes: the interaction, the URL space it arrived in (its pages link within
 * that space), its decoded parameters, and for {@link RubisInteraction#IMAGE} the image's file
 * name. Immutable.
 */
record RubisRoute(RubisInteraction interaction, UrlSpace space, Params params, String imageName)
    implements SiteRoute<RubisInteraction> {}
