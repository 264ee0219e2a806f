<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>gw::AgentServer</name>
    <message numerus="yes">
        <source>the policy has %n error(s); nothing was changed</source>
        <translation>
            <numerusform>the policy has %n error; nothing was changed</numerusform>
            <numerusform>the policy has %n errors; nothing was changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than %n day(s)</source>
        <translation>
            <numerusform>the range is longer than %n day</numerusform>
            <numerusform>the range is longer than %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message numerus="yes">
        <source>Demo mode: a simulated fleet of %n servers.</source>
        <translation>
            <numerusform>Demo mode: a simulated fleet of %n server.</numerusform>
            <numerusform>Demo mode: a simulated fleet of %n servers.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::HostPage</name>
    <message numerus="yes">
        <source>%1 of %n cores</source>
        <translation>
            <numerusform>%1 of %n core</numerusform>
            <numerusform>%1 of %n cores</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::LiveHeader</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation>
            <numerusform>%n process on GPUs</numerusform>
            <numerusform>%n processes on GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>Last %n min</numerusform>
            <numerusform>Last %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation>
            <numerusform>%n process on GPUs</numerusform>
            <numerusform>%n processes on GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>Last %n min</numerusform>
            <numerusform>Last %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation>
            <numerusform>%n process on GPUs</numerusform>
            <numerusform>%n processes on GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>Last %n min</numerusform>
            <numerusform>Last %n min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewModel</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::OverviewView</name>
    <message numerus="yes">
        <source>MIG: %n instances</source>
        <translation>
            <numerusform>MIG: %n instance</numerusform>
            <numerusform>MIG: %n instances</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::PolicyDialog</name>
    <message numerus="yes">
        <source>%n entries skipped in all.</source>
        <translation>
            <numerusform>%n entry skipped in all.</numerusform>
            <numerusform>%n entries skipped in all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The policy is valid, with %n warning(s):</source>
        <translation>
            <numerusform>The policy is valid, with %n warning:</numerusform>
            <numerusform>The policy is valid, with %n warnings:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s); Save waits until they are fixed:</source>
        <translation>
            <numerusform>%n mistake; Save waits until they are fixed:</numerusform>
            <numerusform>%n mistakes; Save waits until they are fixed:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replay cancelled after %n reading(s).</source>
        <translation>
            <numerusform>Replay cancelled after %n reading.</numerusform>
            <numerusform>Replay cancelled after %n readings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in %L1 readings of the last 24 hours.</source>
        <translation>
            <numerusform>%n event in %L1 readings of the last 24 hours.</numerusform>
            <numerusform>%n events in %L1 readings of the last 24 hours.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::PrometheusProducer</name>
    <message numerus="yes">
        <source>%n servers</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ReservationsView</name>
    <message numerus="yes">
        <source>Reserved for %1 since %2 until %3 (%n GPUs: %4)</source>
        <translation>
            <numerusform>Reserved for %1 since %2 until %3 (%n GPU: %4)</numerusform>
            <numerusform>Reserved for %1 since %2 until %3 (%n GPUs: %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n jobs waiting for GPUs (%1)</source>
        <translation>
            <numerusform>%n job waiting for GPUs (%1)</numerusform>
            <numerusform>%n jobs waiting for GPUs (%1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeModel</name>
    <message numerus="yes">
        <source>%1 of %n busy</source>
        <translation>
            <numerusform>%1 of %n busy</numerusform>
            <numerusform>%1 of %n busy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>Next try in %n s</numerusform>
            <numerusform>Next try in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG mode: %n instance</numerusform>
            <numerusform>MIG mode: %n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>Next try in %n s</numerusform>
            <numerusform>Next try in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG mode: %n instance</numerusform>
            <numerusform>MIG mode: %n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>Next try in %n s</numerusform>
            <numerusform>Next try in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG mode: %n instance</numerusform>
            <numerusform>MIG mode: %n instances</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::StatusLine</name>
    <message numerus="yes">
        <source>%n servers stale</source>
        <translation>
            <numerusform>%n server stale</numerusform>
            <numerusform>%n servers stale</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::TimeRangeBar</name>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
</context>
</TS>
