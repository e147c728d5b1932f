package io.crosscheck.wire;

import io.crosscheck.text.CsvRows;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes what {@link WireReconstructor} finds as CSV files in a run directory, row by row as it
 * arrives (a crash loses nothing already written beyond the writer's buffer; {@link #flush} and
 * {@link #close} push it out). All three files are UTF-8, comma-separated, {@code \n}-terminated,
 * with a header line; numbers are locale-independent; text fields are quoted (RFC 4180) only when
 * they contain a comma, quote or line break. Not thread-safe (one reconstructor thread).
 *
 * <p><b>{@value #EXCHANGES_FILE}</b>: one row per {@link WireExchange}, in the order reported,
 * columns named as the record's components: {@code connectionId} (client {@code ip:port}), {@code
 * connectionOpenEpochNanos}, {@code serverAddress}, {@code requestIndex} (0-based), {@code
 * pipelined} ({@code true}/{@code false}), {@code connectNanos}, {@code requestStartEpochNanos},
 * {@code requestEndEpochNanos}, {@code firstResponseByteEpochNanos}, {@code
 * lastResponseByteEpochNanos} (capture wall clock, nanoseconds since the epoch; -1 when not seen),
 * {@code method}, {@code url}, {@code status} (0 when none), {@code requestBytes}, {@code
 * responseBytes} (TCP payload bytes), {@code note} (empty when complete), {@code urlTruncated} ({@code true} when the
 * request line was cut inside the target, so {@code url} is only its captured prefix).
 *
 * <p><b>{@value #RESPONSE_FILE}</b>: the study's Bro-style response log, one row per complete
 * exchange (note empty), in the order reported:
 *
 * <ol>
 *   <li>{@code endEpochSeconds}: the response's last byte, epoch seconds with 9 decimals
 *   <li>{@code clientPort}: the client's TCP port
 *   <li>{@code connection}: 1-based number of the connection, in the order connections opened
 *       (unique even when a port is reused, unlike the port)
 *   <li>{@code request}: 1-based position of the request on its connection
 *   <li>{@code pipelined}: 1 when the request started before the previous response ended, else 0
 *   <li>{@code replyTimeSeconds}: request start to the response's first byte, 9 decimals
 *   <li>{@code responseTimeSeconds}: request start to the response's last byte, 9 decimals
 * </ol>
 *
 * <p><b>{@value #CONNECTION_FILE}</b>: the study's connection log, one row per OPEN or CLOSE
 * {@link ConnectionEvent} (ESTABLISHED is not written):
 *
 * <ol>
 *   <li>{@code epochSeconds}: when the event happened, epoch seconds with 9 decimals
 *   <li>{@code open}: 1 for an open (SYN, or first packet of a connection already open), 0 for a
 *       close (first FIN or RST)
 *   <li>{@code openConnections}: connections open right after the event
 * </ol>
 */
public final class WireCsv implements WireListener, Closeable {
  public static final String EXCHANGES_FILE = "wire-exchanges.csv";
  public static final String RESPONSE_FILE = "response.csv";
  public static final String CONNECTION_FILE = "connection.csv";
  public static final String EXCHANGES_HEADER = "connectionId,connectionOpenEpochNanos,serverAddress,"
      + "requestIndex,pipelined,connectNanos,requestStartEpochNanos,requestEndEpochNanos,"
      + "firstResponseByteEpochNanos,lastResponseByteEpochNanos,method,url,status,requestBytes,"
      + "responseBytes,note,urlTruncated";
  public static final String RESPONSE_HEADER =
      "endEpochSeconds,clientPort,connection,request,pipelined,replyTimeSeconds,responseTimeSeconds";
  public static final String CONNECTION_HEADER = "epochSeconds,open,openConnections";

  private final Writer exchanges;
  private final Writer responses;
  private final Writer connections;
  /** Connection numbers by connection identity (client endpoint and opening instant). */
  private final Map<ConnectionKey, Integer> connectionNumbers = new HashMap<>();
  /** The row being written, reused. */
  private final StringBuilder row = new StringBuilder(256);
  private char[] chars = new char[256];

  private record ConnectionKey(String connectionId, long openEpochNanos) {}

  /** Creates (or truncates) the three files in {@code directory}. */
  public WireCsv(Path directory) throws IOException {
    this(directory, "");
  }

  /**
   * Opens the three files in {@code directory} with {@code suffix} appended to their names (e.g.
   * {@code .tmp}, for a caller that renames them into place once the comparison succeeded).
   */
  public WireCsv(Path directory, String suffix) throws IOException {
    exchanges = open(directory.resolve(EXCHANGES_FILE + suffix), EXCHANGES_HEADER);
    responses = open(directory.resolve(RESPONSE_FILE + suffix), RESPONSE_HEADER);
    connections = open(directory.resolve(CONNECTION_FILE + suffix), CONNECTION_HEADER);
  }

  private static Writer open(Path file, String header) throws IOException {
    BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    w.write(header);
    w.write('\n');
    return w;
  }

  /** @throws UncheckedIOException when a file cannot be written */
  @Override
  public void exchange(WireExchange e) {
    try {
      row.setLength(0);
      write(exchanges, appendExchangeRow(row, e).append('\n'));
      if (e.complete()) {
        row.setLength(0);
        int connection = connectionNumber(e.connectionId(), e.connectionOpenEpochNanos());
        write(responses, appendResponseRow(row, e, connection).append('\n'));
      }
    } catch (IOException io) {
      throw new UncheckedIOException(io);
    }
  }

  /** @throws UncheckedIOException when a file cannot be written */
  @Override
  public void connectionEvent(ConnectionEvent event) {
    if (event.kind() == ConnectionEvent.Kind.ESTABLISHED) {
      return;
    }
    connectionNumber(event.connectionId(), event.connectionOpenEpochNanos());
    try {
      row.setLength(0);
      write(connections, appendConnectionRow(row, event).append('\n'));
    } catch (IOException io) {
      throw new UncheckedIOException(io);
    }
  }

  /** Writes the row without making a String of it. */
  private void write(Writer out, StringBuilder text) throws IOException {
    int length = text.length();
    if (chars.length < length) {
      chars = new char[Math.max(length, 2 * chars.length)];
    }
    text.getChars(0, length, chars, 0);
    out.write(chars, 0, length);
  }

  private int connectionNumber(String connectionId, long openEpochNanos) {
    return connectionNumbers.computeIfAbsent(new ConnectionKey(connectionId, openEpochNanos),
        k -> connectionNumbers.size() + 1);
  }

  /** Pushes buffered rows to the files. */
  public void flush() throws IOException {
    exchanges.flush();
    responses.flush();
    connections.flush();
  }

  @Override
  public void close() throws IOException {
    try (exchanges; responses; connections) {
      flush();
    }
  }

  /** One {@value #EXCHANGES_FILE} row, without the line end. */
  public static String exchangeRow(WireExchange e) {
    return appendExchangeRow(new StringBuilder(256), e).toString();
  }

  private static StringBuilder appendExchangeRow(StringBuilder sb, WireExchange e) {
    CsvRows.appendField(sb, e.connectionId()).append(',').append(e.connectionOpenEpochNanos()).append(',');
    CsvRows.appendField(sb, e.serverAddress()).append(',').append(e.requestIndex()).append(',')
        .append(e.pipelined()).append(',').append(e.connectNanos()).append(',')
        .append(e.requestStartEpochNanos()).append(',').append(e.requestEndEpochNanos()).append(',')
        .append(e.firstResponseByteEpochNanos()).append(',').append(e.lastResponseByteEpochNanos()).append(',');
    CsvRows.appendField(sb, e.method()).append(',');
    CsvRows.appendField(sb, e.url()).append(',').append(e.status()).append(',').append(e.requestBytes()).append(',')
        .append(e.responseBytes()).append(',');
    return CsvRows.appendField(sb, e.note()).append(',').append(e.urlTruncated());
  }

  /** One {@value #RESPONSE_FILE} row for connection number {@code connection}, without the line end. */
  public static String responseRow(WireExchange e, int connection) {
    return appendResponseRow(new StringBuilder(96), e, connection).toString();
  }

  private static StringBuilder appendResponseRow(StringBuilder sb, WireExchange e, int connection) {
    appendSeconds(sb, e.lastResponseByteEpochNanos()).append(',');
    String id = e.connectionId();
    sb.append(id, id.lastIndexOf(':') + 1, id.length()).append(',') // the client port
        .append(connection).append(',').append(e.requestIndex() + 1).append(',')
        .append(e.pipelined() ? 1 : 0).append(',');
    appendSeconds(sb, e.replyTimeNanos()).append(',');
    return appendSeconds(sb, e.responseTimeNanos());
  }

  /** One {@value #CONNECTION_FILE} row, without the line end. */
  public static String connectionRow(ConnectionEvent event) {
    return appendConnectionRow(new StringBuilder(48), event).toString();
  }

  private static StringBuilder appendConnectionRow(StringBuilder sb, ConnectionEvent event) {
    return appendSeconds(sb, event.epochNanos()).append(',')
        .append(event.kind() == ConnectionEvent.Kind.CLOSE ? 0 : 1).append(',').append(event.openConnections());
  }

  /** Nanoseconds as seconds with exactly 9 decimals, without floating point ({@code -0.000000001}). */
  public static String seconds(long nanos) {
    return appendSeconds(new StringBuilder(24), nanos).toString();
  }

  private static StringBuilder appendSeconds(StringBuilder sb, long nanos) {
    if (nanos < 0) {
      sb.append('-');
    }
    long abs = Math.abs(nanos);
    long fraction = abs % 1_000_000_000L;
    sb.append(abs / 1_000_000_000L).append('.');
    for (long digit = 100_000_000L; digit > 1 && digit > fraction; digit /= 10) {
      sb.append('0'); // leading zeros of the 9 decimals
    }
    return sb.append(fraction);
  }
}
