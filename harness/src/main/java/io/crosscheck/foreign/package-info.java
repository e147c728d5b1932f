/**
 * Foreign servers as study targets (issue 16): lighttpd and Apache 2 with the prefork MPM from
 * Debian, each started afresh with a configuration of our own ({@link
 * io.crosscheck.foreign.ForeignServer}), serving a static snapshot of the embedded RUBiS site's
 * pages ({@link io.crosscheck.foreign.RubisSnapshot}). Reads {@code /proc} for worker counts and
 * listening sockets ({@link io.crosscheck.foreign.ProcessTable}). Depends on the {@code spi}
 * interfaces only (to start the embedded RUBiS server); no engine, capture or report code.
 */
package io.crosscheck.foreign;
