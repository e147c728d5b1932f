package io.crosscheck.sites;

/**
 * Where an embedded site's router sent a request: at least the interaction it serves.
 *
 * @param <I> the site's interactions
 */
public interface SiteRoute<I> {
  /** The interaction this route serves; its demand, counters and log line are keyed by it. */
  I interaction();
}
