package io.crosscheck.agent.installer;

import static io.crosscheck.agent.installer.Installer.advice;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.crosscheck.agent.bootstrap.ApacheRecorder;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * The advice of the {@code apache-httpclient} hook family: Apache HttpClient 5.x classic (httpclient5
 * and httpcore5) and 4.x (httpclient 4.5 and httpcore 4.4), matched by name when the application's
 * class loader loads them (the JDK socket streams they use: {@link SocketAdvice}, shared). Each body is one call into {@link ApacheRecorder} and
 * suppresses whatever it throws. The advice names only JDK types (the agent's class loader cannot see
 * Apache's); the recorder reaches the Apache objects through their public API by reflection.
 */
final class ApacheHttpClientAdvice {
  private ApacheHttpClientAdvice() {}

  /**
   * The classes that play each role in one major version of the client.
   *
   * @param executeArgs the argument count of {@code HttpRequestExecutor.execute}
   * @param connectMethod the method that connects a leased endpoint, and its argument count
   */
  private record Roles(String client, String connection, String executor, int executeArgs, String entityProxy,
      String eofSensor, String connector, String connectMethod, int connectArgs) {}

  private static final List<Roles> VERSIONS = List.of(
      new Roles("org.apache.hc.client5.http.impl.classic.", "org.apache.hc.core5.http.impl.io.DefaultBHttpClientConnection",
          "org.apache.hc.core5.http.impl.io.HttpRequestExecutor", 4,
          "org.apache.hc.client5.http.impl.classic.ResponseEntityProxy", "org.apache.hc.core5.http.io.EofSensorInputStream",
          "org.apache.hc.client5.http.impl.classic.InternalExecRuntime", "connectEndpoint", 1),
      // 4.x (org.apache.http: httpclient 4.5 on httpcore 4.4, JMeter's): the same roles
      new Roles("org.apache.http.impl.client.", "org.apache.http.impl.DefaultBHttpClientConnection",
          "org.apache.http.protocol.HttpRequestExecutor", 3,
          "org.apache.http.impl.execchain.ResponseEntityProxy", "org.apache.http.conn.EofSensorInputStream",
          "org.apache.http.impl.conn.DefaultHttpClientConnectionOperator", "connect", 6));

  /** Adds the family's transformations to {@code builder} (the socket streams: {@code Installer}). */
  static AgentBuilder hooks(AgentBuilder builder) {
    for (Roles r : VERSIONS) {
      builder = builder
          .type(named(r.client() + "InternalHttpClient").or(named(r.client() + "MinimalHttpClient")))
          .transform(advice(DoExecute.class, named("doExecute").and(takesArguments(3))))
          .type(named(r.connection()))
          .transform(advice(SendRequestHeader.class, named("sendRequestHeader").and(takesArguments(1))))
          .type(named(r.executor()))
          .transform(advice(Execute.class, named("execute").and(takesArguments(r.executeArgs()))))
          .type(named(r.entityProxy()))
          .transform(advice(EofDetected.class, named("eofDetected").and(takesArguments(1))))
          .transform(advice(StreamClosed.class, named("streamClosed").and(takesArguments(1))))
          .transform(advice(StreamAbort.class, named("streamAbort").and(takesArguments(1))))
          .type(named(r.eofSensor()))
          .transform(advice(BodyRead.class, named("read")))
          .type(named(r.connector()))
          .transform(advice(Connect.class, named(r.connectMethod()).and(takesArguments(r.connectArgs()))));
    }
    return builder;
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
    static void exit(@Advice.Thrown Throwable thrown) {
      ApacheRecorder.bodyClosed(false, thrown);
    }
  }

  /** ResponseEntityProxy.streamAbort(stream). */
  static final class StreamAbort {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Thrown Throwable thrown) {
      ApacheRecorder.bodyClosed(true, thrown);
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
}
