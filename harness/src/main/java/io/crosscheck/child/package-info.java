/**
 * Running an engine in a child JVM ({@code --jvm}, {@code --jvm-opt}): the engine, its recording
 * and its telemetry run in the JVM being studied, capture and comparison stay in the parent.
 *
 * <p>Intended use: the parent writes a job for {@code io.crosscheck.cli.Main} with the same {@code
 * run} arguments (without {@code --jvm}/{@code --jvm-opt}) and starts it with {@link
 * io.crosscheck.child.ChildJvm.Builder#job}; the child writes the run directory with the same code
 * as an in-process run; the parent waits ({@link io.crosscheck.child.ChildProcess#waitFor()}),
 * forwards Ctrl-C/SIGTERM, and reads the directory afterwards. Depends on nothing else in
 * crosscheck.
 */
package io.crosscheck.child;
