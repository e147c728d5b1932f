package io.crosscheck.record;

/** SKELETON. */
public final class Summary {
}
