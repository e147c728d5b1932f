package io.crosscheck.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a test class whose {@link ChildCli} children prove behaviour (exit codes, files left after a
 * signal or a kill, error messages, what was written) and no timing figure: its children run with
 * only the client compiler ({@link ChildCli#BEHAVIOUR_JVM_OPTIONS}). A child JVM of a few seconds
 * spends most of its CPU compiling with C2 code it barely runs: a 1 s {@code run} took 4.8 s of CPU
 * with tiered compilation and 2.8 s with C1 only, a 1 s {@code audit} 7.1 s and 4.5 s (2026-11-27,
 * this machine kind). The tests whose children's response times, errors or coverage are asserted
 * keep the JVM a user gets and do not carry this annotation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface ChildJvmsProveBehaviour {}
