package io.crosscheck.check;

import io.crosscheck.check.Expr.BaselineRef;
import io.crosscheck.check.Expr.Literal;
import io.crosscheck.check.Metrics.Metric;
import io.crosscheck.text.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parses one rule (docs/ci-gate.md), by recursive descent over a small token list:
 *
 * <pre>
 * rule      = metric op threshold | metric "within" quantity "of" baseline
 * metric    = a name of {@link Metrics#ALL}, e.g. abs-error, wire.p95, connections.verdict
 * op        = "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | "==" | "!="
 * threshold = expr (a number metric) | word | baseline (a word metric: == and != only)
 * expr      = term {("+" | "-") term}
 * term      = unary {("*" | "/") unary}
 * unary     = "-" unary | quantity | baseline | "(" expr ")"
 * quantity  = number [unit]        unit = us | µs | ms | s | %
 * baseline  = "baseline" ["." metric]
 * </pre>
 *
 * Every value is checked against the metric's {@link Dimension} (a time needs a unit, a plain number
 * none). A malformed rule throws {@link RuleException} with the 1-based character where it goes
 * wrong. Stateless; one instance per rule.
 */
public final class RuleParser {
  /** The units a number may carry, as the messages list them. */
  static final String UNITS = "us, ms, s, %";

  private final String text;
  private final String where;
  /** The most tokens (names, numbers, operators, parentheses) in one rule. */
  static final int MAX_TOKENS = 200;
  /** The deepest nesting of parentheses and signs accepted. */
  static final int MAX_DEPTH = 64;

  private final List<Token> tokens;
  private int next;
  private int depth;

  private RuleParser(String text, String where) throws RuleException {
    this.text = text;
    this.where = where;
    this.tokens = tokenize(text);
    if (tokens.size() > MAX_TOKENS + 1) { // bounds every recursion over the expression too
      throw new RuleException(tokens.get(MAX_TOKENS).position(), "a rule of more than " + MAX_TOKENS
          + " tokens (expected one short comparison; write several rules)");
    }
  }

  /**
   * Parses {@code text}.
   *
   * @param where where it was written, kept in the rule ({@code --rule}, {@code FILE:LINE})
   * @throws RuleException with the character position (1-based, in {@code text}) and what is wrong
   */
  public static Rule parse(String text, String where) throws RuleException {
    RuleParser p = new RuleParser(text, where);
    return p.rule();
  }

  /** A malformed rule: where in its text (1-based character) and what is wrong. */
  public static final class RuleException extends Exception {
    private final int position;
    private final String detail;

    RuleException(int position, String detail) {
      super("at character " + position + ": " + detail);
      this.position = position;
      this.detail = detail;
    }

    /** The 1-based character of the rule's text where it goes wrong. */
    public int position() {
      return position;
    }

    /** What is wrong and what was expected. */
    public String detail() {
      return detail;
    }
  }

  private enum Kind { NUMBER, NAME, OP, SYMBOL, END }

  /** A token: its text, 1-based position, and for a number its value in base units and dimension. */
  private record Token(Kind kind, String text, int position, double value, Dimension dimension) {}

  // ---- tokens

  private static List<Token> tokenize(String s) throws RuleException {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t') {
        i++;
      } else if (isDigit(c) || c == '.' && i + 1 < s.length() && isDigit(s.charAt(i + 1))) {
        i = number(s, i, out);
      } else if (Character.isLetter(c)) {
        int start = i;
        i++;
        while (i < s.length()) {
          char d = s.charAt(i);
          boolean nextIsWordChar = i + 1 < s.length() && Character.isLetterOrDigit(s.charAt(i + 1));
          if (Character.isLetterOrDigit(d) || d == '_'
              || (d == '-' && i + 1 < s.length() && Character.isLetter(s.charAt(i + 1)))
              || (d == '.' && nextIsWordChar)) {
            i++;
          } else {
            break;
          }
        }
        out.add(new Token(Kind.NAME, s.substring(start, i), start + 1, Double.NaN, null));
      } else if (c == '<' || c == '>' || c == '=' || c == '!') {
        boolean two = i + 1 < s.length() && s.charAt(i + 1) == '=';
        String op = two ? s.substring(i, i + 2) : String.valueOf(c);
        if (Op.of(op) == null) {
          throw new RuleException(i + 1, "\"" + op + "\" is not a comparison (expected <, <=, >, >=, ==, !=)");
        }
        out.add(new Token(Kind.OP, op, i + 1, Double.NaN, null));
        i += op.length();
      } else if ("+-*/()".indexOf(c) >= 0) {
        out.add(new Token(Kind.SYMBOL, String.valueOf(c), i + 1, Double.NaN, null));
        i++;
      } else {
        throw new RuleException(i + 1, "unexpected character \"" + Printable.escape(String.valueOf(c))
            + "\" (expected a metric, a comparison, a number with a unit, a word, baseline, + - * / or parentheses)");
      }
    }
    out.add(new Token(Kind.END, "", s.length() + 1, Double.NaN, null));
    return out;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Reads {@code 12}, {@code 1.5}, {@code 100us}, {@code 99.9%}, {@code 10 %}; returns the index after it. */
  private static int number(String s, int start, List<Token> out) throws RuleException {
    int i = start;
    while (i < s.length() && isDigit(s.charAt(i))) {
      i++;
    }
    if (i < s.length() && s.charAt(i) == '.') {
      i++;
      if (i >= s.length() || !isDigit(s.charAt(i))) {
        throw new RuleException(start + 1, "\"" + Printable.escape(s.substring(start, i))
            + "\" is not a number (expected digits after the point, e.g. 1.5)");
      }
      while (i < s.length() && isDigit(s.charAt(i))) {
        i++;
      }
    }
    double value = Double.parseDouble(s.substring(start, i));
    int unitStart = i;
    int unitEnd = i;
    if (i < s.length() && s.charAt(i) == '%') {
      unitEnd = i + 1;
    } else if (i < s.length() && (Character.isLetter(s.charAt(i)))) {
      unitEnd = i;
      while (unitEnd < s.length() && Character.isLetterOrDigit(s.charAt(unitEnd))) {
        unitEnd++;
      }
    } else {
      // a unit after a space: "10 %", "100 us" (any other word is the next token)
      int j = i;
      while (j < s.length() && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) {
        j++;
      }
      int k = j;
      while (k < s.length() && (Character.isLetter(s.charAt(k)) || s.charAt(k) == '%')) {
        k++;
      }
      String word = s.substring(j, k);
      if (j > i && isUnit(word)) {
        unitStart = j;
        unitEnd = k;
      }
    }
    String unit = s.substring(unitStart, unitEnd);
    Dimension dimension;
    double base;
    switch (unit) {
      case "" -> {
        dimension = Dimension.NUMBER;
        base = value;
      }
      case "%" -> {
        dimension = Dimension.PERCENT;
        base = value;
      }
      case "us", "µs" -> {
        dimension = Dimension.TIME;
        base = value;
      }
      case "ms" -> {
        dimension = Dimension.TIME;
        base = value * 1e3;
      }
      case "s" -> {
        dimension = Dimension.TIME;
        base = value * 1e6;
      }
      default -> throw new RuleException(start + 1, "unknown unit \"" + Printable.quoted(unit) + "\" (expected "
          + UNITS + ")");
    }
    out.add(new Token(Kind.NUMBER, s.substring(start, unitEnd), start + 1, base, dimension));
    return unitEnd;
  }

  private static boolean isUnit(String word) {
    return word.equals("us") || word.equals("µs") || word.equals("ms") || word.equals("s") || word.equals("%");
  }

  // ---- grammar

  private Token peek() {
    return tokens.get(next);
  }

  private Token take() {
    return tokens.get(next++);
  }

  private boolean at(Kind kind, String tokenText) {
    return peek().kind() == kind && peek().text().equals(tokenText);
  }

  private static String shown(Token t) {
    return t.kind() == Kind.END ? "the end of the rule" : "\"" + Printable.quoted(t.text()) + "\"";
  }

  private Rule rule() throws RuleException {
    Token first = take();
    if (first.kind() != Kind.NAME) {
      throw new RuleException(first.position(), (first.kind() == Kind.END ? "empty rule" : shown(first)
          + " is not a metric") + " (expected METRIC OP VALUE, e.g. abs-error < 1ms; metrics: " + Metrics.names() + ")");
    }
    Metric metric = metric(first.text(), first.position(), "");
    Rule.Check check;
    if (at(Kind.NAME, "within")) {
      take();
      check = within(metric);
    } else {
      Token op = take();
      if (op.kind() != Kind.OP) {
        throw new RuleException(op.position(), "expected a comparison (<, <=, >, >=, ==, !=) or \"within\" after "
            + metric.name() + ", found " + shown(op));
      }
      check = metric.dimension() == Dimension.WORD ? word(metric, Op.of(op.text()), op)
          : new Rule.Compare(Op.of(op.text()), threshold(metric));
    }
    Token end = peek();
    if (end.kind() != Kind.END) {
      throw new RuleException(end.position(), "unexpected " + shown(end) + " after the rule's end");
    }
    return new Rule(text, where, metric, check);
  }

  private Metric metric(String name, int position, String prefix) throws RuleException {
    Optional<Metric> m = Metrics.named(name);
    if (m.isEmpty()) {
      throw new RuleException(position, "unknown metric \"" + Printable.quoted(prefix + name) + "\" (expected one of: "
          + Metrics.names() + ")");
    }
    return m.get();
  }

  private Rule.Check word(Metric metric, Op op, Token opToken) throws RuleException {
    if (op != Op.EQ && op != Op.NE) {
      throw new RuleException(opToken.position(), metric.name() + " is a word: compare it with == or != (found "
          + op.symbol() + ")");
    }
    Token w = take();
    if (w.kind() == Kind.NAME && isBaseline(w.text())) {
      BaselineRef ref = baseline(w, metric);
      if (!ref.metric().words().equals(metric.words())) {
        throw new RuleException(w.position(), w.text() + " is not a " + metric.name() + " word (expected baseline or"
            + " baseline." + metric.name() + ")");
      }
      return new Rule.CompareWord(op, null, ref);
    }
    // findings.json's enum names (NO_SHARING) name the same verdicts as the gate's words (no-sharing)
    String word = w.kind() != Kind.NAME || metric.words().contains(w.text()) ? w.text()
        : w.text().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    if (w.kind() != Kind.NAME || !metric.words().contains(word)) {
      throw new RuleException(w.position(), (w.kind() == Kind.END ? "missing word" : "unknown word " + shown(w))
          + " for " + metric.name() + " (expected " + String.join(", ", metric.words()) + ", or baseline)");
    }
    return new Rule.CompareWord(op, word, null);
  }

  private Rule.Check within(Metric metric) throws RuleException {
    if (metric.dimension() == Dimension.WORD) {
      throw new RuleException(tokens.get(next - 1).position(), metric.name() + " is a word: \"within\" needs a number"
          + " metric (compare words with == or !=)");
    }
    Token q = take();
    if (q.kind() != Kind.NUMBER) {
      throw new RuleException(q.position(), "expected a tolerance after \"within\" (e.g. 10% or 100us), found "
          + shown(q));
    }
    boolean relative = q.dimension() == Dimension.PERCENT;
    if (!relative && q.dimension() != metric.dimension()) {
      throw new RuleException(q.position(), "the tolerance " + shown(q) + " is " + q.dimension().noun() + ", "
          + metric.name() + " is " + metric.dimension().noun() + " (expected a percentage, e.g. 10%, or "
          + example(metric.dimension()) + ")");
    }
    Token of = take();
    if (of.kind() != Kind.NAME || !of.text().equals("of")) {
      throw new RuleException(of.position(), "expected \"of baseline\" after the tolerance, found " + shown(of));
    }
    Token b = take();
    if (b.kind() != Kind.NAME || !isBaseline(b.text())) {
      throw new RuleException(b.position(), "expected baseline or baseline.METRIC after \"of\", found " + shown(b));
    }
    BaselineRef ref = baseline(b, metric);
    if (ref.dimension() != metric.dimension()) {
      throw dimensionMismatch(metric, ref);
    }
    return new Rule.Within(new Literal(q.value(), q.dimension(), q.text(), q.position()), relative, ref);
  }

  private static boolean isBaseline(String name) {
    return name.equals("baseline") || name.startsWith("baseline.");
  }

  private BaselineRef baseline(Token t, Metric ruleMetric) throws RuleException {
    if (t.text().equals("baseline")) {
      return new BaselineRef(ruleMetric, t.text(), t.position());
    }
    String name = t.text().substring("baseline.".length());
    return new BaselineRef(metric(name, t.position() + "baseline.".length(), "baseline."), t.text(), t.position());
  }

  private Expr threshold(Metric metric) throws RuleException {
    Expr e = expr(metric);
    if (e.dimension() != metric.dimension()) {
      throw dimensionMismatch(metric, e);
    }
    return e;
  }

  private static RuleException dimensionMismatch(Metric metric, Expr e) {
    String fix = switch (metric.dimension()) {
      case TIME -> "give it a unit: us, ms or s (e.g. 1ms)";
      case PERCENT -> "write it with % (e.g. 99.9%)";
      case NUMBER -> "write it without a unit (e.g. 1.1)";
      case WORD -> "compare it with a word";
    };
    return new RuleException(e.position(), metric.name() + " is " + metric.dimension().noun() + ", the value is "
        + e.dimension().noun() + ": " + fix);
  }

  private static String example(Dimension d) {
    return d == Dimension.TIME ? "a time, e.g. 100us" : d == Dimension.PERCENT ? "e.g. 1%" : "a plain number, e.g. 5";
  }

  private Expr expr(Metric metric) throws RuleException {
    Expr left = term(metric);
    while (at(Kind.SYMBOL, "+") || at(Kind.SYMBOL, "-")) {
      Token op = take();
      Expr right = term(metric);
      if (left.dimension() != right.dimension()) {
        throw new RuleException(op.position(), "cannot " + (op.text().equals("+") ? "add " : "subtract ")
            + right.dimension().noun() + (op.text().equals("+") ? " to " : " from ") + left.dimension().noun()
            + " (both sides of " + op.text() + " need the same unit kind)");
      }
      left = new Expr.Binary(op.text().charAt(0), left, right, left.dimension(), left.position());
    }
    return left;
  }

  private Expr term(Metric metric) throws RuleException {
    Expr left = unary(metric);
    while (at(Kind.SYMBOL, "*") || at(Kind.SYMBOL, "/")) {
      Token op = take();
      Expr right = unary(metric);
      Dimension d;
      if (op.text().equals("*")) {
        if (left.dimension() == Dimension.NUMBER) {
          d = right.dimension();
        } else if (right.dimension() == Dimension.NUMBER) {
          d = left.dimension();
        } else {
          throw new RuleException(op.position(), "cannot multiply " + left.dimension().noun() + " by "
              + right.dimension().noun() + " (one side of * must be a plain number, e.g. baseline * 1.2)");
        }
      } else if (right.dimension() == Dimension.NUMBER) {
        d = left.dimension();
      } else if (right.dimension() == left.dimension()) {
        d = Dimension.NUMBER;
      } else {
        throw new RuleException(op.position(), "cannot divide " + left.dimension().noun() + " by "
            + right.dimension().noun() + " (divide by a plain number, or by the same kind of value)");
      }
      left = new Expr.Binary(op.text().charAt(0), left, right, d, left.position());
    }
    return left;
  }

  private Expr unary(Metric metric) throws RuleException {
    Token t = take();
    if (++depth > MAX_DEPTH) { // a runaway line of "((((" or "----" must not overflow the stack
      throw new RuleException(t.position(), "more than " + MAX_DEPTH + " nested parentheses or signs");
    }
    try {
      return unaryAt(metric, t);
    } finally {
      depth--;
    }
  }

  private Expr unaryAt(Metric metric, Token t) throws RuleException {
    switch (t.kind()) {
      case NUMBER:
        return new Literal(t.value(), t.dimension(), t.text(), t.position());
      case NAME:
        if (isBaseline(t.text())) {
          BaselineRef ref = baseline(t, metric);
          if (ref.dimension() == Dimension.WORD) {
            throw new RuleException(t.position(), t.text() + " is a word; it has no place in arithmetic");
          }
          return ref;
        }
        throw new RuleException(t.position(), "unexpected " + shown(t) + " (expected a number with a unit, e.g. 1ms,"
            + " or baseline" + (Metrics.named(t.text()).isPresent() ? ": the run's other metrics are not values here,"
            + " the baseline's are (baseline." + t.text() + ")" : "") + ")");
      case SYMBOL:
        if (t.text().equals("-")) {
          Expr operand = unary(metric);
          return new Expr.Negate(operand, t.position());
        }
        if (t.text().equals("(")) {
          Expr inner = expr(metric);
          Token close = take();
          if (!close.text().equals(")") || close.kind() != Kind.SYMBOL) {
            throw new RuleException(close.position(), "expected \")\" to close the \"(\" at character " + t.position()
                + ", found " + shown(close));
          }
          return inner;
        }
        throw new RuleException(t.position(), "unexpected " + shown(t) + " (expected a number, baseline or \"(\")");
      default:
        throw new RuleException(t.position(), (t.kind() == Kind.END ? "missing value" : "unexpected " + shown(t))
            + " (expected a number with a unit, e.g. 1ms, or baseline)");
    }
  }
}
