package io.crosscheck.agent.installer;

import static io.crosscheck.agent.installer.Installer.advice;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.crosscheck.agent.bootstrap.AsyncRecorder;
import java.net.http.HttpRequest;
import java.util.concurrent.CompletableFuture;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * The advice of the {@code java-http-client} hook family, inlined into {@code jdk.internal.net.http}
 * (module java.net.http) and {@code sun.nio.ch.SocketChannelImpl}: each body is one call into {@link
 * AsyncRecorder} and suppresses whatever it throws. The internal types are only named through
 * {@code @FieldValue} as {@code Object}; the classes, methods and fields used are the same on JDK 17
 * and 25 (checked with {@code javap -p}).
 */
final class JavaHttpClientAdvice {
  private JavaHttpClientAdvice() {}

  /** Adds the family's transformations to {@code builder}. */
  static AgentBuilder hooks(AgentBuilder builder) {
    String pkg = "jdk.internal.net.http.";
    return builder
        .type(named(pkg + "HttpClientImpl"))
        .transform(advice(SendAsync.class, named("sendAsync").and(takesArguments(4))))
        .type(named(pkg + "Exchange"))
        .transform(advice(ExchangeCreated.class, isConstructor()))
        .type(named(pkg + "Http1Exchange"))
        .transform(advice(Http1ExchangeCreated.class, isConstructor()))
        .type(named(pkg + "Response"))
        .transform(advice(ResponseCreated.class, isConstructor()))
        .type(named(pkg + "Http1Response"))
        .transform(advice(ResponseFinished.class, named("onFinished").and(takesArguments(0))))
        .type(named(pkg + "PlainHttpConnection"))
        .transform(advice(ConnectionCreated.class, isConstructor()))
        .transform(advice(ConnectAsync.class, named("connectAsync").and(takesArguments(1))))
        .type(named("sun.nio.ch.SocketChannelImpl"))
        .transform(advice(ChannelIo.class, named("write").and(takesArguments(1))
            .or(named("write").and(takesArguments(3)))
            .or(named("read").and(takesArguments(1)))
            .or(named("read").and(takesArguments(3)).and(takesArgument(1, int.class)))));
  }

  /** HttpClientImpl.sendAsync(request, handler, pushHandler, executor): the call. */
  static final class SendAsync {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      AsyncRecorder.sendEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Return CompletableFuture<?> future) {
      AsyncRecorder.sendExit(future);
    }
  }

  /** Exchange(request, multi[, acc]) constructors: one attempt of a call. */
  static final class ExchangeCreated {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object exchange, @Advice.FieldValue("multi") Object multi) {
      AsyncRecorder.attemptCreated(exchange, multi);
    }
  }

  /** Http1Exchange(exchange, connection): one HTTP/1.1 exchange on a connection. */
  static final class Http1ExchangeCreated {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object http1, @Advice.FieldValue("exchange") Object exchange,
        @Advice.FieldValue("connection") Object connection, @Advice.FieldValue("request") Object request) {
      HttpRequest r = (HttpRequest) request;
      AsyncRecorder.http1Created(http1, exchange, connection, r.method(), r.uri());
    }
  }

  /** Response(request, exchange, headers, connection, statusCode, version[, ...]): the response head. */
  static final class ResponseCreated {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.FieldValue("exchange") Object exchange, @Advice.FieldValue("statusCode") int status) {
      AsyncRecorder.responseHead(exchange, status);
    }
  }

  /** Http1Response.onFinished(): the body is complete. */
  static final class ResponseFinished {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.FieldValue("exchange") Object http1, @Advice.FieldValue("responseCode") int status) {
      AsyncRecorder.responseFinished(http1, status);
    }
  }

  /** PlainHttpConnection(address, client[, label]): its channel. */
  static final class ConnectionCreated {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object connection, @Advice.FieldValue("chan") Object channel) {
      AsyncRecorder.connectionCreated(connection, channel);
    }
  }

  /** PlainHttpConnection.connectAsync(exchange): the connect start. */
  static final class ConnectAsync {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object connection) {
      AsyncRecorder.connectStart(connection);
    }
  }

  /**
   * SocketChannelImpl.write and read, of one buffer ({@code -> int}, widened) or of several ({@code
   * (ByteBuffer[], int, int) -> long}): the bytes moved, timed from the call's entry; the method's
   * name tells a write from a read.
   */
  static final class ChannelIo {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static long enter() {
      return AsyncRecorder.channelEnter();
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object channel, @Advice.Origin("#m") String method, @Advice.Return long n,
        @Advice.Enter long startNanos) {
      AsyncRecorder.channelExit(channel, method, n, startNanos);
    }
  }
}
