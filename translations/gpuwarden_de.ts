<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>gw</name>
    <message>
        <source>GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, amdgpu or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root of the /proc tree to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root of the /sys tree to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the cgroup file systems are mounted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVML library to load (name searched on the library path, or a path).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nvidia-smi program (name on PATH, or a path).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--backend: unknown backend &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificate changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token came from GPUWARDEN_TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token came from the keychain (key &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key &quot;%1&quot;): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain has none under &quot;%1&quot; (store one with: gpuwarden-cli token set --source URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Warden agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the server&apos;s URL, such as https://gpu-01.example.org:9807.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL must start with http:// or https:// (for example https://gpu-01.example.org:9807).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL has no host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave user names, passwords, queries and fragments out of the URL; the token has a field of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock %1 s ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock %1 s behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With an https:// --source: accept only the certificate with this SHA-256 fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), self-signed or not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sha256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pin needs an https:// --source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token is longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token contains spaces or control characters (one token, one line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token for %1 (not echoed): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the token from standard input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token on standard input (pipe it in: printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token on standard input is longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  %2  backend %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host: CPU %1, memory %2 / %3, disk read %4 write %5
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POWER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a gpuwarden-agent at this URL instead of this machine (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also watch the gpuwarden-agent at this URL, beside this machine and the servers of File → Servers… (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--source: expected an http:// or https:// URL of an agent, got &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%n s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%n min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%n h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%n d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reading yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last reading %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay: the range is empty (--to must be after --from)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: the history keeps no GPU power limit, so idle confirm_power checks only that memory stays flat
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 readings of %3 servers replayed: %4 hog, %5 idle, %6 fair-share events (policy: %7)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> on line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;min_memory_mib&quot; must be a whole number of MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;warnings&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; must be shorter than &quot;time_window&quot; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid group name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a &quot;share&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the share of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;windows&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;windows&quot; is empty: leave it out for a quota that always applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a share (0-100) or { share = …, windows = [...] }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the users&apos; shares add up to %1 %, more than the server has; each is still a ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each band ({ up_to = …, multiplier = … })</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a band needs &quot;up_to&quot; (percent busy) and &quot;multiplier&quot; (0-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bands must go up: &quot;up_to&quot; %1 after %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;up_to&quot; must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;bands&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last band must reach &quot;up_to&quot; = 100, not %1, so every load has one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; is not a valid URL, such as &quot;https://hooks.example.com/services/…&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; must be an http:// or https:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;retries&quot; must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day HH:MM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day (00:00 to 23:59, or 24:00 as an end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write days and a time range, such as &quot;Mon-Fri 09:00-17:00&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; &quot;Mon-Fri&quot;, &quot;Sat,Sun&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time range such as 09:00-17:00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window starts and ends at the same time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: write a whole number and s, m, h or d, such as &quot;30s&quot;, &quot;10m&quot;, &quot;2h&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be longer than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown section [%1]; the known sections are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; (write it as a section, [%1])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hog: %1 % GPU for %2, per %3, alert %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings %5; then %6%7, SIGKILL after %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle exempt: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota: over %1, default %2 %; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alerts: no webhook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alerts: webhook %1, at most one per kind and user every %2, %3 retries, timeout %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU hog: %1 at %2 for %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPU: %1 holds %2 MiB at %3 for %4 on %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over quota: %1 at %2 of %3 for %4 (expected quota: %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected hog, idle or fair_share, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected warning, terminate, kill or refused, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 readings replayed (%3 outside the range): %4 hog, %5 idle, %6 fair-share events (policy: %7)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;policy&quot;: expected an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record: --duration is required (such as 30s, 10m or 2h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration: must be more than zero, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record: --output FILE is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval-ms: expected 10..3600000, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a whole number and a unit (ms, s, m, h, d), such as 30s, 10m or 2h; got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no unit (ms, s, m, h, d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long a span</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentClient</name>
    <message>
        <source>%1: the server&apos;s certificate changed and is refused. Pinned SHA-256 %2, offered %3. If the certificate was replaced on purpose, check the new fingerprint on the server and pin it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no trusted CA vouches for the server&apos;s certificate (%2). Its SHA-256 fingerprint is %3; pin it only after checking it on the server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentLink</name>
    <message>
        <source>%1: not a samples reply (no &quot;samples&quot;, &quot;next&quot; or &quot;last_sequence&quot;); is this a gpuwarden-agent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no new reading for %1 s; the agent answers but takes no readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/info has no stream or last_sequence; is this a gpuwarden-agent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not an events reply (no &quot;events&quot;, &quot;next&quot; or &quot;last_sequence&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;event&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentServer</name>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused; the policy in force (version %1) stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the policy has %n error(s); nothing was changed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>send the policy (policy.toml text) as the request body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot keep the previous policy as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the policy in force stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent has no policy file configured ([policy] path): the policy is in force until the agent restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than %n day(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>reading %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AlertNotifier</name>
    <message>
        <source>GPU hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not acted on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: would %2 (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Alerter</name>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message>
        <source>Demo mode: one simulated server, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Demo mode: a simulated fleet of %n servers.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::Enforcer</name>
    <message>
        <source>process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is GPU Warden&apos;s own process: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is the parent of GPU Warden&apos;s process: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1: start time unknown: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 has exited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start time of pid %1 cannot be read from %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 now belongs to another process (started %2, not %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the owner of pid %1 cannot be read from %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs as root: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reading of %1 to check that %2 still holds %3: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer holds %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 has exited: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM sent to %1; SIGKILL in %2 if it is still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exited within %2 of SIGTERM; no SIGKILL needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL not sent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL to %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent to %1: still running %2 after SIGTERM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EventModel</name>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · MIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of quota %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 · mean %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-process utilisation estimated from the GPU&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak / mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EventTimeline</name>
    <message>
        <source>Policy events timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · all GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no user)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last action: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy events in the last %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EventsPage</name>
    <message>
        <source>&amp;Hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the events of the last %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lanes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of one server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of one user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: command, user, PID…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 event, %1 open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events, %2 open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 shown of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessModel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Not visible in this server&apos;s /proc: another PID namespace, a container, or a process that just exited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held idle at every reading this desktop has of the GPU; it may have been idle longer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the GPU has been held idle with this process on it, per the live record (not before the process started).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessPage</name>
    <message>
        <source>Processes of all servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Totals per user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter (text, or user:NAME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the rows shown as CSV or JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;idle, memory held&lt;/b&gt;: the GPU is below 10 % busy while the process holds memory; &lt;i&gt;Idle for&lt;/i&gt; is how long, per the live record (≥: idle at every reading this desktop has). Italic rows: processes this server&apos;s /proc does not show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in &amp;history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours today (history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours since %1 (this session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per user: GPUs and MIG instances held now, their memory, and GPU-hours today from the recorded process history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per user: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessRow</name>
    <message>
        <source>stale (%1 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle for ≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle for %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryChartModel</name>
    <message>
        <source>Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryLegendView</name>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a series to show it (Space toggles the current one)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryPage</name>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryPlot</name>
    <message>
        <source>History chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (min %3, max %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data in this range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryReadings::State</name>
    <message>
        <source>no value stored for this reading</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryService</name>
    <message>
        <source>history is not running</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HostPage</name>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cgroup memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cgroup CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 used of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read %1, write %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 used of %2 limit (cgroup %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in a limited cgroup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit (cgroup %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n cores</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::LiveGpuPage</name>
    <message>
        <source>Utilisation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM clock %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fan %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::LiveHeader</name>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Time window of the charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::LocalProducer</name>
    <message>
        <source>Host figures unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::MainWindow</name>
    <message>
        <source>GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;Monitoring and admin for shared GPU servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Metrics</name>
    <message>
        <source>GPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU SM clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process SM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewGroup</name>
    <message>
        <source>waiting for the first reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · stale, last reading %2 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · updated %2 ago</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewModel</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort GPUs by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show GPUs in state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by user, model or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sort:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>· greyed tiles: last figures of a stale server, with their age · bar: memory used (one part per MIG instance) · n/r: not reported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewTile</name>
    <message>
        <source>%1 GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale, last reading %1 ago, no verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG, %1 instances, utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewView</name>
    <message>
        <source>Fleet overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>util n/r</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>MIG: %n instances</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU matches the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server has reported yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU on this server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Palette</name>
    <message>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle, memory held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reporting, below 10 % utilisation, no process on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use: at or above 10 % utilisation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes hold memory on it while it is nearly idle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At or above the temperature where the driver slows it down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver does not report its utilisation (MIG mode, old drivers): no verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reading for more than three sampling intervals, or the server is not connected: the figures shown are the last ones, greyed, with no verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device failed, or the server cannot be reached or refuses us.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has not answered yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H</source>
        <comment>hog event, one letter</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I</source>
        <comment>idle event, one letter</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q</source>
        <comment>over-quota event, one letter</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fair share</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Parser</name>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a string in quotes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an entry of &quot;%1&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyClient</name>
    <message>
        <source>%1: the server&apos;s certificate differs from the pinned one; refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the reply is larger than %2 bytes; refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (check the certificate in File → Servers…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no complete reply in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: malformed JSON at offset %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: this agent&apos;s token has read access only; changing the policy needs a token with admin scope (HTTP 403)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;events&quot;: expected an array</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyDialog</name>
    <message>
        <source>Hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy.&amp;toml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a mistake to go to it in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay Last 24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the events the edited policy would have found in the last 24 hours of readings, before saving it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the edited policy… %L1 readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the current policy for comparison… %L1 readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n entries skipped in all.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Hog: a GPU kept busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a user&apos;s processes together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert when a hog is found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tighten quotas as the server gets busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load bands and defensive mode: in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: GPU memory held but unused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation below:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holding at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warn before acting:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify the owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate the process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run: record what would be done, do nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user names, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt users:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair share: quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured over:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users not listed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group quotas: in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time windows (; between them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay the edited policy over the readings of the last 24 hours to see what it would have found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy of this computer, %1. The desktop checks it; the local policy service applies it after Save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># policy.toml of this computer: every key at its default. See docs/policies.md.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist yet; Save creates it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy in force on %1 (%2). Applying it needs a token with admin scope; the agent checks it again and keeps the previous version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the policy of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the policy of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># The policy in force on %1 (version %2, from %3), every key with its effective value.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1, changed %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy is valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The policy is valid, with %n warning(s):</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s); Save waits until they are fixed:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: the previous version could not be kept as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1; the previous version is kept as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending the policy to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2), but could not store it: it lasts until the agent restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In force now:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the edited policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 of the agent&apos;s answer skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the current policy for comparison…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (current policy: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The replay failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Replay cancelled after %n reading(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No readings in the last 24 hours to replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in %L1 readings of the last 24 hours.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::PolicyEngine</name>
    <message>
        <source>holds little memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power draw above idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory changing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyEngine::State</name>
    <message>
        <source>gap in readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process exited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU disappeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process ended after the action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: terminate in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root&apos;s processes are never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start time unknown: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would send SIGTERM to PID %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would send SIGTERM to PID %1 (not enforcing here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM requested for PID %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too few readings in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back within quota</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ProcessModel</name>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver reports pid %1 on this GPU, but /proc does not show it: it runs in another PID namespace (a container) or has just exited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ProcessPane</name>
    <message>
        <source>Filter processes by user, command, pid…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: these processes may have ended since.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PrometheusProducer</name>
    <message>
        <source>the reply is larger than %1 MiB; refused (ask for a shorter range or one host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no complete reply within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply broke off (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: status is not &quot;success&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 not reachable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be queried: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2: %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series for host %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n servers</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::Reader</name>
    <message>
        <source>expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReplayRunner</name>
    <message>
        <source>No readings of this computer are recorded yet (%1 does not exist).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>journal entry %1 skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::SamplerRegistry</name>
    <message>
        <source>Using %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such backend (known: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host only, as asked: GPU backends not tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU found; showing the host only. %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::SecretStore</name>
    <message>
        <source>no details given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain did not answer within %1 s (a stuck Secret Service, or a keyring waiting to be unlocked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Secret Service on the session bus (is gnome-keyring or KWallet running?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain refused access (is the keyring locked? Unlock it, for example with gnome-keyring-daemon --unlock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libsecret is not installed (Debian: libsecret-1-0), so the Secret Service cannot be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerEditDialog</name>
    <message>
        <source>Edit Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged (stored in the keychain if set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bearer token from the agent&apos;s configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in the system keychain, never in a settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none; the system&apos;s certificate authorities decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed when you press OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget Pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned certificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged (kept for this session only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerList</name>
    <message>
        <source>Give the server a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name must not start or end with spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a valid http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another server is already called &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; already uses this URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no valid URL; edit the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the token could not be read from the keychain: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not store the token: %1. It is used for this session only and will not be remembered after GPU Warden quits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the token is used for this session only; it will not be remembered after GPU Warden quits (the keychain could not store it).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerTree</name>
    <message>
        <source>Edit Server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeDelegate</name>
    <message>
        <source>hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota</source>
        <comment>badge: over quota</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeModel</name>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory held while idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Util</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Agent %1 of ours; readings are shifted to our clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some readings were lost on the agent before they could be fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilisation; on a server, the mean of its GPUs when sorting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used / total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n busy</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Last reading %1 (%2 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale: no reading for more than %1 sampling intervals of %2; the figures are the last ones, with no verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory %1 used of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · GI %2 · CI %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG instance %1 of GPU %2, profile %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU instance %1, compute instance %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported per MIG instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · pid %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1, user %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServersDialog</name>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Trust Certificate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · certificate pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop watching %1 and forget its token? Its history stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The certificate of %1 is not the one you pinned.&lt;/b&gt;&lt;br&gt;This happens when the certificate was renewed, or when someone is intercepting the connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No certificate authority vouches for %1.&lt;/b&gt;&lt;br&gt;Compare this fingerprint with the one on the server before you trust it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the server: &lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the New Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · token for this session only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::StateLegend</name>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::StatusLine</name>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU found on this machine.&lt;/b&gt; Showing the host only.&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;History off:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n servers stale</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1&lt;br&gt;A server without its token is asked without one until the keychain answers; File → Servers… stores tokens again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TimeRangeBar</name>
    <message numerus="yes">
        <source>%n days</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Show the last %1, following new samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a fixed range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the chosen range (double-click the chart, or Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (following now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (zoomed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TraceOrder</name>
    <message>
        <source>duplicate reading of &quot;%1&quot; at %2: the same time as its reading%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading of &quot;%1&quot; at %2 is older than its previous reading at %3%4 (readings must be in time order per server)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TraceReader</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line longer than %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last line is cut short (was the recorder stopped mid-write?): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TraceWriter</name>
    <message>
        <source>%1: cannot open for writing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: trace is not open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::VerdictBook</name>
    <message>
        <source>hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::policy</name>
    <message>
        <source>%1: valid
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Monitoring and admin for shared GPU servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a simulated fleet of three servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling interval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the window as PNG after --quit-after-ms, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the window after this long (for tests).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History file (default: in the application&apos;s data folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep no history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep every reading this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep per-minute roll-ups this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep per-hour roll-ups this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not sample this machine; watch only the configured servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings file (servers list; default: the user&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching remote servers only (--no-local).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try gpuwarden --help for the options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a simulated fleet of this many servers (1 to 64; from the fourth on, 8 GPUs each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies off: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies unchanged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on this page: overview, processes, details or events.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>toml</name>
    <message>
        <source>&quot;%1&quot; must be a list in brackets, [...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a table</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
