package io.crosscheck.agent.installer;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.crosscheck.agent.bootstrap.ApacheRecorder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * The advice of the {@code apache-httpclient} hook family: Apache HttpClient 5.x classic (httpclient5
 * and httpcore5) and 4.x (httpclient 4.5 and httpcore 4.4), matched by name when the application's
 * class loader loads them, and the JDK socket streams they use. Each body is one call into {@link ApacheRecorder} and
 * suppresses whatever it throws. The advice names only JDK types (the agent's class loader cannot see
 * Apache's); the recorder reaches the Apache objects through their public API by reflection.
 */
final class ApacheHttpClientAdvice {
  private ApacheHttpClientAdvice() {}

  /** Adds the family's transformations to {@code builder}. */
  static AgentBuilder hooks(AgentBuilder builder) {
    return builder
        .type(named("org.apache.hc.client5.http.impl.classic.InternalHttpClient")
            .or(named("org.apache.hc.client5.http.impl.classic.MinimalHttpClient")))
        .transform(JavaHttpClientAdvice.advice(DoExecute.class, named("doExecute").and(takesArguments(3))))
        .type(named("org.apache.hc.core5.http.impl.io.DefaultBHttpClientConnection"))
        .transform(JavaHttpClientAdvice.advice(SendRequestHeader.class,
            named("sendRequestHeader").and(takesArguments(1))))
        .type(named("org.apache.hc.core5.http.impl.io.HttpRequestExecutor"))
        .transform(JavaHttpClientAdvice.advice(Execute.class, named("execute").and(takesArguments(4))))
        .type(named("org.apache.hc.client5.http.impl.classic.ResponseEntityProxy"))
        .transform(JavaHttpClientAdvice.advice(EofDetected.class, named("eofDetected").and(takesArguments(1))))
        .transform(JavaHttpClientAdvice.advice(StreamClosed.class, named("streamClosed").and(takesArguments(1))))
        .transform(JavaHttpClientAdvice.advice(StreamAbort.class, named("streamAbort").and(takesArguments(1))))
        .type(named("org.apache.hc.core5.http.io.EofSensorInputStream"))
        .transform(JavaHttpClientAdvice.advice(BodyRead.class, named("read")))
        .type(named("org.apache.hc.client5.http.impl.classic.InternalExecRuntime"))
        .transform(JavaHttpClientAdvice.advice(Connect.class, named("connectEndpoint").and(takesArguments(1))))
        // 4.x (org.apache.http: httpclient 4.5 on httpcore 4.4, JMeter's): the same roles
        .type(named("org.apache.http.impl.client.InternalHttpClient")
            .or(named("org.apache.http.impl.client.MinimalHttpClient")))
        .transform(JavaHttpClientAdvice.advice(DoExecute.class, named("doExecute").and(takesArguments(3))))
        .type(named("org.apache.http.impl.DefaultBHttpClientConnection"))
        .transform(JavaHttpClientAdvice.advice(SendRequestHeader.class,
            named("sendRequestHeader").and(takesArguments(1))))
        .type(named("org.apache.http.protocol.HttpRequestExecutor"))
        .transform(JavaHttpClientAdvice.advice(Execute.class, named("execute").and(takesArguments(3))))
        .type(named("org.apache.http.impl.execchain.ResponseEntityProxy"))
        .transform(JavaHttpClientAdvice.advice(EofDetected.class, named("eofDetected").and(takesArguments(1))))
        .transform(JavaHttpClientAdvice.advice(StreamClosed.class, named("streamClosed").and(takesArguments(1))))
        .transform(JavaHttpClientAdvice.advice(StreamAbort.class, named("streamAbort").and(takesArguments(1))))
        .type(named("org.apache.http.conn.EofSensorInputStream"))
        .transform(JavaHttpClientAdvice.advice(BodyRead.class, named("read")))
        .type(named("org.apache.http.impl.conn.DefaultHttpClientConnectionOperator"))
        .transform(JavaHttpClientAdvice.advice(Connect.class, named("connect").and(takesArguments(6))))
        .type(named("java.net.Socket$SocketOutputStream"))
        .transform(JavaHttpClientAdvice.advice(SocketWrite.class, named("write").and(takesArguments(3))))
        .type(named("java.net.Socket$SocketInputStream"))
        .transform(JavaHttpClientAdvice.advice(SocketRead.class, named("read").and(takesArguments(3))));
  }

  /** InternalHttpClient / MinimalHttpClient.doExecute(host, request, context): the generator's call. */
  static final class DoExecute {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      ApacheRecorder.executeEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Argument(0) Object host, @Advice.Argument(1) Object request,
        @Advice.Thrown Throwable thrown) {
      ApacheRecorder.executeExit(host, request, thrown);
    }
  }

  /** DefaultBHttpClientConnection.sendRequestHeader(request): an exchange begins. */
  static final class SendRequestHeader {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object connection, @Advice.Argument(0) Object request) {
      ApacheRecorder.requestHeader(connection, request);
    }
  }

  /** HttpRequestExecutor.execute(request, connection, callback, context): the response head. */
  static final class Execute {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Return Object response, @Advice.Thrown Throwable thrown) {
      ApacheRecorder.responseHead(response, thrown);
    }
  }

  /** ResponseEntityProxy.eofDetected(stream). */
  static final class EofDetected {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      ApacheRecorder.bodyEof();
    }
  }

  /** EofSensorInputStream.read(..): a failure ends the exchange. */
  static final class BodyRead {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      ApacheRecorder.bodyReadEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Thrown Throwable thrown) {
      ApacheRecorder.bodyReadExit(thrown);
    }
  }

  /** ResponseEntityProxy.streamClosed(stream). */
  static final class StreamClosed {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
      ApacheRecorder.bodyClosed(false);
    }
  }

  /** ResponseEntityProxy.streamAbort(stream). */
  static final class StreamAbort {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
      ApacheRecorder.bodyClosed(true);
    }
  }

  /**
   * InternalExecRuntime.connectEndpoint(context), 4.x DefaultHttpClientConnectionOperator.connect(..):
   * the leased endpoint is about to be connected. (Not {@code java.net.Socket.connect}: retransforming
   * {@code Socket}, when it is already loaded, loads its nested stream classes inside the
   * transformation, which then go uninstrumented.)
   */
  static final class Connect {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      ApacheRecorder.connectEnter();
    }
  }

  /** Socket$SocketOutputStream.write(byte[], int, int). */
  static final class SocketWrite {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(2) int length) {
      ApacheRecorder.socketWrite(length);
    }
  }

  /** Socket$SocketInputStream.read(byte[], int, int). */
  static final class SocketRead {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Return int n) {
      ApacheRecorder.socketRead(n);
    }
  }
}
