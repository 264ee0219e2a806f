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
</context>
</TS>
