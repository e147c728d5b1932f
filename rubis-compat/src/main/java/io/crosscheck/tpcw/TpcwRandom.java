package io.crosscheck.tpcw;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The RBE's random values (RBE.java's static helpers, uminho src/rbe/RBE.java:575-930, the same
 * code as 9d1653f), drawn from one seeded stream per session. Not thread-safe (one session's
 * thread at a time).
 *
 * <p>Every integer draw is the RBE's {@code nextInt(range) = |nextInt()| % range}, with one guard:
 * {@code Math.abs(Integer.MIN_VALUE)} is negative in Java, so the RBE would produce a negative value
 * once in 2^32 draws; here that raw value counts as {@code Integer.MAX_VALUE}. Strings are built
 * already URL-encoded, as the RBE builds them (its character table holds {@code %21} for '!', '+'
 * for a space, and so on), and a string's length bound applies to the encoded text.
 */
final class TpcwRandom {
  private static final String[] SYLLABLES = {"BA", "OG", "AL", "RI", "RE", "SE", "AT", "UL", "IN", "NG"};

  /** TPC-W subjects (RBE.java unifSubject), in the RBE's order. */
  static final List<String> SUBJECTS = List.of("ARTS", "BIOGRAPHIES", "BUSINESS", "CHILDREN",
      "COMPUTERS", "COOKING", "HEALTH", "HISTORY", "HOME", "HUMOR", "LITERATURE", "MYSTERY",
      "NON-FICTION", "PARENTING", "POLITICS", "REFERENCE", "RELIGION", "ROMANCE", "SELF-HELP",
      "SCIENCE-NATURE", "SCIENCE-FICTION", "SPORTS", "YOUTH", "TRAVEL");

  private static final String[] DIGITS = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};

  /** The RBE's a-string alphabet (achars), pre-encoded: 62 alphanumerics then 27 symbols. */
  private static final String[] ALPHA;

  static {
    String[] symbols = {"%21", "%40", "%23", "%24", "%25", "%5E", "%26", "*", "%28", "%29", "%5F",
        "-", "%3D", "%2B", "%7B", "%7D", "%5B", "%5D", "%7C", "%3A", "%3B", "%2C", ".", "%3F",
        "%2F", "%7E", "+"};
    String plain = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    ALPHA = new String[plain.length() + symbols.length];
    for (int i = 0; i < plain.length(); i++) {
      ALPHA[i] = String.valueOf(plain.charAt(i));
    }
    System.arraycopy(symbols, 0, ALPHA, plain.length(), symbols.length);
  }

  /** The RBE's 92 countries (unifCountry), pre-encoded ('+' for a space). */
  static final List<String> COUNTRIES = List.of("United+States", "United+Kingdom", "Canada",
      "Germany", "France", "Japan", "Netherlands", "Italy", "Switzerland", "Australia", "Algeria",
      "Argentina", "Armenia", "Austria", "Azerbaijan", "Bahamas", "Bahrain", "Bangla+Desh",
      "Barbados", "Belarus", "Belgium", "Bermuda", "Bolivia", "Botswana", "Brazil", "Bulgaria",
      "Cayman+Islands", "Chad", "Chile", "China", "Christmas+Island", "Colombia", "Croatia", "Cuba",
      "Cyprus", "Czech+Republic", "Denmark", "Dominican+Republic", "Eastern+Caribbean", "Ecuador",
      "Egypt", "El+Salvador", "Estonia", "Ethiopia", "Falkland+Island", "Faroe+Island", "Fiji",
      "Finland", "Gabon", "Gibraltar", "Greece", "Guam", "Hong+Kong", "Hungary", "Iceland", "India",
      "Indonesia", "Iran", "Iraq", "Ireland", "Israel", "Jamaica", "Jordan", "Kazakhstan", "Kuwait",
      "Lebanon", "Luxembourg", "Malaysia", "Mexico", "Mauritius", "New+Zealand", "Norway",
      "Pakistan", "Philippines", "Poland", "Portugal", "Romania", "Russia", "Saudi+Arabia",
      "Singapore", "Slovakia", "South+Africa", "South+Korea", "Spain", "Sudan", "Sweden", "Taiwan",
      "Thailand", "Trinidad", "Turkey", "Venezuela", "Zambia");

  private static final List<String> CC_TYPES = List.of("VISA", "MASTERCARD", "DISCOVER", "DINERS", "AMEX");
  private static final List<String> SHIP_TYPES = List.of("AIR", "UPS", "FEDEX", "SHIP", "COURIER", "MAIL");

  private final SplittableRandom random;

  TpcwRandom(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** {@code Math.abs}, with {@code Integer.MIN_VALUE} taken as {@code Integer.MAX_VALUE}. */
  static int abs(int raw) {
    return raw == Integer.MIN_VALUE ? Integer.MAX_VALUE : Math.abs(raw);
  }

  /** A raw {@code nextInt()} (uniform over all ints). */
  int rawInt() {
    return random.nextInt();
  }

  /** A uniform double in [0, 1). */
  double nextDouble() {
    return random.nextDouble();
  }

  /** The RBE's {@code nextInt(range)}: {@code |nextInt()| % range}, 0..range-1. */
  int nextInt(int range) {
    return abs(random.nextInt()) % range;
  }

  /** TPC-W NURand as the RBE writes it (no C): {@code ((r[0,A] | r[x,y]) % (y-x+1)) + x}. */
  int nuRand(int a, int x, int y) {
    int first = nextInt(a + 1);
    int second = nextInt(y - x + 1) + x;
    return ((first | second) % (y - x + 1)) + x;
  }

  /** digSyl(d, n): the n last decimal digits of d (leading zeros kept) as syllables. */
  static String digSyl(int d, int n) {
    if (n == 0) {
      return digSyl(d);
    }
    StringBuilder s = new StringBuilder();
    for (; n > 0; n--) {
      s.insert(0, SYLLABLES[d % 10]);
      d = d / 10;
    }
    return s.toString();
  }

  /** digSyl(d): d's decimal digits as syllables, no leading zeros (0 gives ""). */
  static String digSyl(int d) {
    StringBuilder s = new StringBuilder();
    for (; d != 0; d = d / 10) {
      s.insert(0, SYLLABLES[d % 10]);
    }
    return s.toString();
  }

  /** {@code UNAME=<digSyl(cid)>&PASSWD=<lower case>} (RBE.unameAndPass). */
  static String unameAndPass(int cid) {
    String name = digSyl(cid);
    return "UNAME=" + name + "&PASSWD=" + name.toLowerCase(java.util.Locale.ROOT);
  }

  /** An a-string of encoded length at least {@code min..max} (drawn), RBE.astring. */
  String astring(int min, int max) {
    return rstring(min, max, ALPHA);
  }

  /** An n-string (digits) of length {@code min..max}, RBE.nstring. */
  String nstring(int min, int max) {
    return rstring(min, max, DIGITS);
  }

  private String rstring(int min, int max, String[] set) {
    int length = nextInt(max - min + 1) + min;
    StringBuilder s = new StringBuilder();
    while (s.length() < length) {
      s.append(set[nextInt(set.length)]);
    }
    return s.toString();
  }

  String subject() {
    return SUBJECTS.get(nextInt(SUBJECTS.size()));
  }

  String country() {
    return COUNTRIES.get(nextInt(COUNTRIES.size()));
  }

  String ccType() {
    return CC_TYPES.get(nextInt(CC_TYPES.size()));
  }

  String shipping() {
    return SHIP_TYPES.get(nextInt(SHIP_TYPES.size()));
  }

  /**
   * A birth date uniform from 1 February 1880 (the RBE's {@code GregorianCalendar(1880,1,1)}:
   * month 1 is February) to {@code nowEpochMillis}, as {@code day%2fweekday%2fyear} with the
   * weekday 1 = Sunday (RBE.unifDOB; the {@code %2f} separators are the RBE's bug, kept).
   */
  String birthDate(long nowEpochMillis, ZoneId zone) {
    long start = LocalDate.of(1880, 2, 1).atStartOfDay(zone).toInstant().toEpochMilli();
    long t = (long) (random.nextDouble() * (nowEpochMillis - start)) + start;
    return slashDate(t, zone);
  }

  /** A card expiry 1..730 days after {@code nowEpochMillis}, same format (RBE.unifExpDate). */
  String expiryDate(long nowEpochMillis, ZoneId zone) {
    long t = nowEpochMillis + ((long) nextInt(730) + 1) * 24L * 60L * 60L * 1000L;
    return slashDate(t, zone);
  }

  private static String slashDate(long epochMillis, ZoneId zone) {
    ZonedDateTime d = Instant.ofEpochMilli(epochMillis).atZone(zone);
    int calendarWeekday = d.getDayOfWeek().getValue() % 7 + 1; // Calendar.DAY_OF_WEEK: Sunday = 1
    return d.getDayOfMonth() + "%2f" + calendarWeekday + "%2f" + d.getYear();
  }

  /** {@code img<i%100>/image%5F<i>.gif}, i uniform 1..items (RBE.unifImage, munged). */
  String image(int items) {
    int i = nextInt(items) + 1;
    return munge("img" + (i % 100) + "/image_" + i + ".gif");
  }

  /** {@code img<i%100>/thumb%5F<i>.gif} (RBE.unifThumbnail, munged). */
  String thumbnail(int items) {
    int i = nextInt(items) + 1;
    return munge("img" + (i % 100) + "/thumb_" + i + ".gif");
  }

  /** 1..9999 (RBE.unifDollars). */
  int dollars() {
    return nextInt(9999) + 1;
  }

  /** 0..99 (RBE.unifCents). */
  int cents() {
    return nextInt(100);
  }

  /**
   * RBE.mungeURL: letters, digits, '.' and '/' stay, a space becomes '+', every other character
   * {@code %XY} from its two low nibbles' upper-case hex (the RBE's arithmetic, kept for chars
   * above 255 too).
   */
  static String munge(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')
          || ch == '.' || ch == '/') {
        out.append(ch);
      } else if (ch == ' ') {
        out.append('+');
      } else {
        int d1 = ch >> 4;
        int d2 = ch & 0xf;
        out.append('%').append((char) (d1 > 9 ? 'A' + d1 - 10 : '0' + d1))
            .append((char) (d2 > 9 ? 'A' + d2 - 10 : '0' + d2));
      }
    }
    return out.toString();
  }
}
