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
        <source>GPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
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
</context>
<context>
    <name>gw::AgentProducer</name>
    <message>
        <source>Agent at %1 not reachable yet: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message>
        <source>Demo mode: a simulated fleet of %1 servers.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetModel</name>
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
    <message numerus="yes">
        <source>%1 — %n GPU(s), backend %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
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
        <source>%1
%2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
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
        <source>Filter processes by user, command, pid…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU found on this machine.&lt;/b&gt; Showing the host only.&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), %1 process(es) on GPUs</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n core(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
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
        <source>%1 · GPU %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>Host CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
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
        <source>History off: %1</source>
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
        <source>Watch a gpuwarden-agent at this URL (token from GPUWARDEN_TOKEN).</source>
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
</context>
</TS>
