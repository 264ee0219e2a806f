<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<!-- English plural forms only ("1 GPU", "2 GPUs"): every other English text is its source. -->
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
</context>
</TS>
