<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <image source="terrain.png" width="80" height="16"/>
 <tile id="1">
  <properties>
   <property name="blocked" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="weight" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="walkable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="weight" type="int" value="1"/>
   <property name="terrain" type="int" value="3"/>
  </properties>
 </tile>
</tileset>
