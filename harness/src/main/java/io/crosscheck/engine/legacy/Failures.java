package io.crosscheck.engine.legacy;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.record.Outcome;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.MalformedURLException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what a blocking Java HTTP client throws into record outcomes (STYLE.md: failures are
 * data), and recognises the resource limits that {@link LegacyEngineLimit} reports. Stateless.
 *
 * <p>Mapping: a read timeout is {@code timeout}; refused, unreachable, unknown host or connect
 * timeout is {@code connect-error} (as in the Netty engine); the generator's own exhaustion (no file
 * descriptor, no local port: {@link GeneratorFaults#kindOf}) is {@code generator-error}; {@code HttpURLConnection}'s
 * "Server returned HTTP response code: N" (and {@link FileNotFoundException} for 404/410) is
 * {@code http-error} with status N; reset, broken pipe, premature end of stream or a closed
 * socket is {@code reset}; a reply that is not HTTP is {@code invalid}.
 */
final class Failures {
  private static final Pattern STATUS = Pattern.compile("Server returned HTTP response code: (\\d{3})");

  private Failures() {}

  /**
   * Loads and initialises every class of the failure paths before load starts: once file
   * descriptors or native threads have run out, a class not yet loaded from a directory cannot
   * be loaded at all, and the error path itself would fail (met under {@code prlimit --nofile}).
   */
  static void preload() {
    classify(new SocketException("Connection reset"));
    classify(new IOException("Server returned HTTP response code: 503 for URL: http://127.0.0.1/"));
    classify(new SocketTimeoutException("Read timed out"));
    classify(new ConnectException("Connection refused"));
    classify(new IOException("Too many open files"));
    new GeneratorFaults().add(GeneratorFaults.FILE_DESCRIPTORS, "");
    Outcome.GENERATOR_ERROR.label();
    LegacyEngineLimit limit = new LegacyEngineLimit(limitKind(new OutOfMemoryError("Java heap space")), 0, "");
    limit.describe();
    limit.gauges();
    LegacyEngineLimit.Kind.ofCode(1);
    Outcome.ABORTED.label();
  }

  /**
   * An outcome with the status it carries (0 for none) and a short detail; for {@code
   * generator-error}, the {@link GeneratorFaults} kind it is counted as (null otherwise).
   */
  record Failure(Outcome outcome, int status, String detail, String generatorKind) {
    Failure(Outcome outcome, int status, String detail) {
      this(outcome, status, detail, null);
    }
  }

  static Failure classify(IOException e) {
    String message = String.valueOf(e.getMessage());
    String detail = e.getClass().getSimpleName() + ": " + message;
    int status = statusFromMessage(message);
    if (status > 0) {
      return new Failure(Outcome.HTTP_ERROR, status, detail);
    }
    if (e instanceof FileNotFoundException) {
      return new Failure(Outcome.HTTP_ERROR, 404, detail);
    }
    if (e instanceof SocketTimeoutException) {
      boolean connect = message.toLowerCase(Locale.ROOT).contains("connect")
          || e.getClass().getSimpleName().startsWith("Connect");
      return new Failure(connect ? Outcome.CONNECT_ERROR : Outcome.TIMEOUT, 0, detail);
    }
    String kind = GeneratorFaults.kindOf(e);
    if (kind != null) {
      // the generator's own host ran out (file descriptors, local ports), not the server
      return new Failure(Outcome.GENERATOR_ERROR, 0, detail, kind);
    }
    if (e instanceof ConnectException || e instanceof NoRouteToHostException
        || e instanceof UnknownHostException) {
      return new Failure(Outcome.CONNECT_ERROR, 0, detail);
    }
    if (e instanceof MalformedURLException || message.startsWith("Invalid Http response")
        || e.getClass().getSimpleName().contains("Protocol")) {
      return new Failure(Outcome.INVALID, 0, detail);
    }
    if (e instanceof SocketException || e instanceof EOFException) {
      return new Failure(Outcome.RESET, 0, detail);
    }
    // premature end of stream ("Unexpected end of file from server", NoHttpResponseException,
    // ConnectionClosedException) and anything else that broke the exchange mid-way
    return new Failure(Outcome.RESET, 0, detail);
  }

  /** The status in "Server returned HTTP response code: 503 for URL: ...", or 0. */
  static int statusFromMessage(String message) {
    Matcher m = STATUS.matcher(message == null ? "" : message);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** True for EMFILE/ENFILE surfacing as an I/O error or an error ({@link GeneratorFaults#kindOf}). */
  static boolean isOpenFiles(Throwable e) {
    return GeneratorFaults.FILE_DESCRIPTORS.equals(GeneratorFaults.kindOf(e));
  }

  /** Native threads or heap: which one an {@link OutOfMemoryError} reports. */
  static LegacyEngineLimit.Kind limitKind(OutOfMemoryError e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("native thread") ? LegacyEngineLimit.Kind.NATIVE_THREADS : LegacyEngineLimit.Kind.HEAP;
  }
}
