#!/usr/bin/env python3
"""Where a server's request threads spend their CPU, from JFR execution samples (BENCHMARKS.md).

    jfr print --events jdk.ExecutionSample --stack-depth 512 run.jfr > run.txt
    scripts/jfr-request-profile.py main=before.txt perf=after.txt

Per component, the share of the samples of the server's request threads (http-nio-*) whose
leaf-most frame outside the JDK belongs to it (a JDK frame counts for the library that called it;
RSA, BigInteger, Signature and MessageDigest count as "RSA / signatures" wherever called), over all
requests and inside the notify and precreate handlers. One column per recording.
"""
import re, sys, collections
CATS = [  # (name, regex on frame) checked from the leaf upward; first hit wins
 ('RSA / signatures', r'sun\.security\.(rsa|util|provider)|java\.math\.BigInteger|java\.security\.Signature|com\.alipay\.api\.internal\.util\.AlipaySignature|MessageDigest'),
 ('JDBC driver', r'org\.postgresql\.|org\.mariadb\.jdbc\.|org\.h2\.'),
 ('Hikari', r'com\.zaxxer\.hikari'),
 ('Jackson / JSON', r'tools\.jackson|com\.fasterxml\.jackson|com\.alibaba\.fastjson|com\.google\.gson'),
 ('Logging', r'ch\.qos\.logback|org\.slf4j|org\.apache\.logging'),
 ('Idempotency filter / body caching', r'io\.payonce\.server\.idempotency|ContentCachingRequestWrapper'),
 ('Signed requests (app auth, nonce)', r'io\.payonce\.server\.app\.'),
 ('Rate limiter', r'RateLimit|bucket4j'),
 ('Spring JDBC / transactions', r'org\.springframework\.(jdbc|transaction|dao)'),
 ('Spring Security', r'org\.springframework\.security'),
 ('Micrometer / observation', r'io\.micrometer'),
 ('Spring MVC / web', r'org\.springframework\.(web|http)'),
 ('Spring core / AOP', r'org\.springframework\.'),
 ('Tomcat / filter chain / HTTP', r'org\.apache\.(catalina|coyote|tomcat)'),
 ('Alipay SDK / HTTP client', r'com\.alipay\.|java\.net\.|sun\.net\.|jdk\.internal\.net\.http'),
 ('Sandbox (channel side)', r'io\.payonce\.sandbox'),
 ('PayOnce code', r'io\.payonce\.server'),
 ('JDK collections / strings / regex', r'java\.(util|lang)\.'),
]
MARKERS = [
 ('notify', r'AlipayNotifyHandler\.handle|AlipayNotifyController|CallbackController\.receive'),
 ('precreate', r'QrPrecreation\.precreate|PrecreateController'),
 ('B2 bare endpoint', r'io\.payonce\.bench\.BareEndpoints'),
 ('sandbox gateway (channel call, server side of it)', r'io\.payonce\.sandbox\..*Gateway|SandboxGateway|AlipaySandbox'),
]
def classify(path):
    text = open(path, encoding='utf-8', errors='replace').read()
    events = text.split('jdk.ExecutionSample {')[1:]
    all_req = collections.Counter(); kinds = collections.defaultdict(collections.Counter)
    for ev in events:
        m = re.search(r'sampledThread = "([^"]*)"', ev)
        thread = m.group(1) if m else '?'
        if 'http-nio' not in thread:
            continue
        frames = re.findall(r'^\s+([\w$.<>]+)\(', ev.split('stackTrace = [',1)[-1], re.M)
        joined = '\n'.join(frames)
        kind = next((n for n, rx in MARKERS if re.search(rx, joined)), 'other')
        cat = 'JDK only'
        for f in frames:
            if re.search(CATS[0][1], f):
                cat = CATS[0][0]; break
            if re.match(r'(java|javax|jdk|sun|com\.sun)\.', f) and not re.match(r'(java\.net|sun\.net|jdk\.internal\.net)', f):
                continue
            cat = next((n for n, rx in CATS if re.search(rx, f)), 'other libraries')
            break
        all_req[cat] += 1; kinds[kind][cat] += 1
    return all_req, kinds
cols = []
for arg in sys.argv[1:]:
    label, path = arg.split('=', 1)
    cols.append((label, classify(path)))
cats = collections.Counter()
for _, (a, _) in cols: cats.update({k: v / max(1, sum(a.values())) for k, v in a.items()})
print('| component (leaf-most frame) | ' + ' | '.join(f'{l}: all requests' for l, _ in cols) + ' | ' + ' | '.join(f'{l}: inside notify handler' for l, _ in cols) + ' | ' + ' | '.join(f'{l}: inside precreate handler' for l, _ in cols) + ' |')
print('|---|' + '--:|' * (3 * len(cols)))
def pct(c, k): 
    n = sum(c.values()); return f'{100*c[k]/n:.0f} %' if n else '-'
for k, _ in cats.most_common():
    row = [pct(a, k) for _, (a, _) in cols] + [pct(kd['notify'], k) for _, (_, kd) in cols] + [pct(kd['precreate'], k) for _, (_, kd) in cols]
    print(f'| {k} | ' + ' | '.join(row) + ' |')
print('| samples | ' + ' | '.join(str(sum(a.values())) for _, (a, _) in cols) + ' | ' + ' | '.join(str(sum(kd['notify'].values())) for _, (_, kd) in cols) + ' | ' + ' | '.join(str(sum(kd['precreate'].values())) for _, (_, kd) in cols) + ' |')
