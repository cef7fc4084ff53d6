package io.payonce.server.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What a webhook destination may be: an absolute http(s) URL of at most {@link #MAX_LENGTH}
 * characters, without user info or fragment, whose host is not (and does not resolve to) a
 * link-local, wildcard or multicast address, nor a cloud's instance-metadata address — never a
 * merchant's receiver, and where clouds hand out credentials (169.254.169.254, 100.100.100.200,
 * fd00:ec2::254), also when written inside an IPv6 address. With {@code
 * payonce.webhooks.refuse-private-addresses} also not loopback, private or unique-local, nor a name
 * that does not resolve.
 *
 * <p>Checked when an order names its notifyUrl ({@link #problem}: an address written in the URL is
 * checked there and then, a name only when private addresses are refused — no DNS lookup on the
 * order's path otherwise) and again before every POST ({@link #problemBeforePost}: names resolved,
 * as the address a name resolves to may have changed since).
 */
@Component
public class NotifyUrls {

  /** The longest URL a destination may have (the columns' width). */
  public static final int MAX_LENGTH = 512;

  // An IPv4 address in any form the resolver reads without asking DNS: 1 to 4 decimal, octal or
  // hex parts ("2852039166", "0xA9FEA9FE", "169.254.43518"). No DNS name is all digits.
  private static final Pattern NUMERIC_HOST =
      Pattern.compile("(0[xX][0-9a-fA-F]+|[0-9]+)(\\.(0[xX][0-9a-fA-F]+|[0-9]+)){0,3}\\.?");

  private static final String NEVER =
      "must not name a link-local, wildcard, multicast or metadata address";
  private static final String PRIVATE =
      "must not name a private, loopback or link-local address, nor a host that does not resolve";

  private static final byte[] ALIBABA_METADATA = {100, 100, 100, (byte) 200};
  private static final byte[] AWS_METADATA_V6 = address6("fd00:ec2::254");

  private final boolean refusePrivate;

  @Autowired
  NotifyUrls(WebhookProperties props) {
    this(props.refusePrivateAddresses());
  }

  NotifyUrls(boolean refusePrivate) {
    this.refusePrivate = refusePrivate;
  }

  /** Why {@code url} may not be a destination, or empty when it may: the check of a request. */
  public Optional<String> problem(String url) {
    return check(url, false);
  }

  /** As {@link #problem}, the name resolved whatever the settings: the check before a POST. */
  public Optional<String> problemBeforePost(String url) {
    return check(url, true);
  }

  private Optional<String> check(String url, boolean resolveNames) {
    if (url.length() > MAX_LENGTH) {
      return Optional.of("must be at most " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("must be an absolute http or https URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute()
        || !(scheme.equals("http") || scheme.equals("https"))
        || uri.getHost() == null
        || uri.getRawUserInfo() != null
        || uri.getRawFragment() != null) {
      return Optional.of("must be an absolute http or https URL, without user info or fragment");
    }
    String host = uri.getHost();
    boolean literal = host.startsWith("[") || NUMERIC_HOST.matcher(host).matches();
    if (!literal && !resolveNames && !refusePrivate) {
      return Optional.empty();
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(host);
    } catch (UnknownHostException | RuntimeException e) {
      // A name that does not resolve cannot be posted to either: refused when refusing private
      // ones rather than guessed at; otherwise left to the attempt (a name inside the merchant's
      // network may resolve only there).
      return refusePrivate ? Optional.of(PRIVATE) : Optional.empty();
    }
    return problemWith(addresses);
  }

  /**
   * Why a destination that resolved to {@code addresses} may not be posted to, or empty when it
   * may: the rule of {@link #problem} for addresses, applied again by the webhook client to the
   * addresses it connects to (so a DNS answer that changed since the check before the POST is held
   * to it too).
   */
  Optional<String> problemWith(InetAddress[] addresses) {
    for (InetAddress address : addresses) {
      for (InetAddress each : withEmbedded(address)) {
        if (never(each)) {
          return Optional.of(NEVER);
        }
        if (refusePrivate && isPrivate(each)) {
          return Optional.of(PRIVATE);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean never(InetAddress address) {
    return address.isLinkLocalAddress()
        || address.isAnyLocalAddress()
        || address.isMulticastAddress()
        || Arrays.equals(address.getAddress(), ALIBABA_METADATA)
        || Arrays.equals(address.getAddress(), AWS_METADATA_V6);
  }

  private static boolean isPrivate(InetAddress address) {
    return address.isLoopbackAddress() || address.isSiteLocalAddress() || isUniqueLocal(address);
  }

  // IPv6 unique local addresses, fc00::/7: the IPv6 counterpart of 10/8 and 192.168/16.
  private static boolean isUniqueLocal(InetAddress address) {
    byte[] bytes = address.getAddress();
    return bytes.length == 16 && (bytes[0] & 0xfe) == 0xfc;
  }

  /**
   * The address and, for an IPv6 address that carries an IPv4 one (IPv4-compatible ::a.b.c.d,
   * NAT64's 64:ff9b::a.b.c.d), that one too: the network may deliver to it.
   */
  private static InetAddress[] withEmbedded(InetAddress address) {
    if (!(address instanceof Inet6Address)) {
      return new InetAddress[] {address};
    }
    byte[] b = address.getAddress();
    boolean compatible = allZero(b, 0, 12);
    boolean nat64 =
        b[0] == 0x00
            && b[1] == 0x64
            && (b[2] & 0xff) == 0xff
            && b[3] == (byte) 0x9b
            && allZero(b, 4, 12);
    if (!compatible && !nat64) {
      return new InetAddress[] {address};
    }
    try {
      return new InetAddress[] {address, Inet4Address.getByAddress(Arrays.copyOfRange(b, 12, 16))};
    } catch (UnknownHostException e) {
      return new InetAddress[] {address};
    }
  }

  private static boolean allZero(byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return true;
  }

  private static byte[] address6(String literal) {
    try {
      return InetAddress.getByName(literal).getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }
}
