/**
 * Small stand-ins for the Java load generators crosscheck audits, started as separate JVMs by the
 * end-to-end tests ({@code java -cp <tests test-classes> ...}) and audited through the crosscheck
 * agent without any change: plain Java, no dependency, a thread per emulated user fetching pages
 * with {@code URL.openStream()} as RUBiS's and TPC-W's clients do, each reporting its own figures
 * through the method a user would name to {@code crosscheck audit} ({@code --reported-by}, {@code
 * --reported-value}). Traffic goes only to the base URL given (a loopback server in the tests), and
 * every run is bounded by its duration argument.
 */
package io.crosscheck.testgen;
